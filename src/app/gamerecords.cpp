#include "app/gamerecords.h"

#include <algorithm>
#include <stdexcept>

#include <wx/dir.h>
#include <wx/filename.h>
#include <wx/stdpaths.h>
#include <wx/utils.h>

#include "app/texts.h"
#include "record/recordio.h"

namespace gomoku::app {

Record RecordFromGame(const Game& game, const std::string& black, const std::string& white,
                      const std::vector<int>& timesMs, const std::string& date,
                      const TimeControl& clock, const GameOpening& opening) {
  Record r;
  r.size = game.size();
  r.rule = game.rule();
  if (game.rule() == Rule::Renju) r.foul = game.foulPolicy();
  r.moves = game.moves();
  if (timesMs.size() == r.moves.size()) r.timesMs = timesMs;
  if (!black.empty()) r.black = black;
  if (!white.empty()) r.white = white;
  r.date = date;
  if (clock.kind != ClockKind::None) {
    r.properties.push_back({"TM", std::to_string(clock.baseMs / 1000)});
    r.properties.push_back({"OT", formatTimeControl(clock)});
  }
  if (opening.rule != OpeningRule::None) {
    r.openingRule = opening.rule;
    r.openingLog = opening.log;
  }
  const Result& res = game.result();
  switch (res.outcome) {
    case Outcome::BlackWins:
    case Outcome::WhiteWins: {
      const bool blackWon = res.outcome == Outcome::BlackWins;
      r.result = blackWon ? RecordResult::Black : RecordResult::White;
      r.resultText = blackWon ? "B+" : "W+";
      if (res.reason == EndReason::Resignation) r.resultText.push_back('R');
      if (res.reason == EndReason::Foul) r.resultText.push_back('F');
      if (res.reason == EndReason::Time) r.resultText.push_back('T');
      break;
    }
    case Outcome::Draw:
      r.result = RecordResult::Draw;
      r.resultText.assign(1, '0');  // not = "0": GCC 12 warns falsely (-Wrestrict)
      break;
    case Outcome::Interrupted:
      // In the language of the program, as the file's name is.
      r.comments.push_back({0, ResultSentence(res, {}, {}).utf8_string()});
      break;
    case Outcome::Ongoing:
      break;
  }
  return r;
}

Rule ReplayRule(const Record& record, Rule preferred) {
  return recordRule(record, preferred);  // the rule openRecordFile judged the moves by
}

wxString AutoSaveFolder() {
  wxString base;
#if defined(__UNIX__) && !defined(__WXMAC__)
  // XDG: wxStandardPaths' GetUserDataDir() gives ~/.gomoku even with FileLayout_XDG.
  wxString xdg;
  if (!wxGetEnv("XDG_DATA_HOME", &xdg) || xdg.empty()) xdg = wxGetHomeDir() + "/.local/share";
  base = xdg + "/gomoku";
#endif
  if (base.empty()) base = wxStandardPaths::Get().GetUserDataDir();
  const wxString folder = base + wxFileName::GetPathSeparator() + "games";
  if (!wxFileName::DirExists(folder)) wxFileName::Mkdir(folder, 0700, wxPATH_MKDIR_FULL);
  return folder;
}

wxString AutoSaveName(const wxDateTime& when, const wxString& black, const wxString& white) {
  auto clean = [](wxString s, const wxString& fallback) {
    s.Trim().Trim(false);
    if (s.empty()) s = fallback;
    for (auto it = s.begin(); it != s.end(); ++it) {
      const wxUniChar c = *it;
      if (c < 0x20 || c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' || c == '"' ||
          c == '<' || c == '>' || c == '|')
        *it = '_';
    }
    return s.Left(40);
  };
  return when.Format("%Y-%m-%d %H-%M-%S ") + clean(black, ColorLabel(Stone::Black)) + " vs " +
         clean(white, ColorLabel(Stone::White)) + ".sgf";
}

std::vector<wxString> RecentGames(const wxString& folder, std::size_t limit) {
  std::vector<std::pair<wxDateTime, wxString>> found;
  wxDir dir(folder);
  if (!dir.IsOpened()) return {};
  wxString name;
  for (bool more = dir.GetFirst(&name, {}, wxDIR_FILES); more; more = dir.GetNext(&name)) {
    const wxFileName file(folder, name);
    if (!recordFormatFromPath(file.GetFullPath().utf8_string())) continue;
    found.emplace_back(file.GetModificationTime(), file.GetFullPath());
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    if (a.first.IsValid() && b.first.IsValid() && a.first != b.first) return a.first > b.first;
    return a.second > b.second;  // names start with the date
  });
  std::vector<wxString> out;
  for (const auto& f : found) {
    if (out.size() >= limit) break;
    out.push_back(f.second);
  }
  return out;
}

}  // namespace gomoku::app
