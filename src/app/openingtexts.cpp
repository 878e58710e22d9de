#include "app/openingtexts.h"

#include <wx/intl.h>

#include "app/texts.h"
#include "core/notation.h"

namespace gomoku::app {

namespace {

// The colour of ply `index` (from 0).
Stone ColourOfPly(int index) {
  return index % 2 == 0 ? Stone::Black : Stone::White;
}

// The point of the last stone of `o`'s game, e.g. "H8".
wxString LastPoint(const Opening& o) {
  const Point* p = o.game().lastMove();
  return p ? FromUtf8(pointName(*p, o.game().size())) : wxString();
}

}  // namespace

wxString OpeningRuleLabel(OpeningRule rule) {
  switch (rule) {
    case OpeningRule::None:
      return wxGETTEXT_IN_CONTEXT("opening rule", "None");
    case OpeningRule::Swap:
      return _("Swap");
    case OpeningRule::Swap2:
      return _("Swap2");
    case OpeningRule::Soosorv8:
      return _(L"Soos\u00F5rv-8");
    case OpeningRule::Taraguchi10:
      return _("Taraguchi-10");
  }
  return {};
}

wxString OpeningRuleHint(OpeningRule rule) {
  switch (rule) {
    case OpeningRule::None:
      break;
    case OpeningRule::Swap:
      return _(
          "The first player places three stones (Black, White, Black); the second player then "
          "chooses a colour.");
    case OpeningRule::Swap2:
      return _(
          "The first player places three stones; the second takes Black, takes White, or places "
          "two more stones and lets the first player choose.");
    case OpeningRule::Soosorv8:
      return _(
          "RIF's renju rule: three stones in the centre, swap offers, White's 4th move; White "
          "declares how many 5th moves (1 to 8) Black offers and picks one of them.");
    case OpeningRule::Taraguchi10:
      return _(
          "RIF's renju rule: moves 1 to 4 in ever larger central squares, each with a swap "
          "offer; then one 5th move, or ten for White to pick from.");
  }
  return _("Normal play: Black moves first.");
}

wxString OpeningSeatName(Seat seat, std::optional<Seat> computer, const wxString& otherName) {
  if (computer)
    return seat != *computer ? _("You") : otherName.empty() ? _("The computer") : otherName;
  return seat == Seat::First ? _("First player") : _("Second player");
}

wxString OpeningStepSentence(const Opening& o, std::optional<Seat> computer, int picked,
                             const wxString& otherName) {
  const Seat decider = o.decider();
  const int ply = o.game().ply();
  wxString what;
  if (o.done()) return OpeningDoneSentence(o, computer);
  if (computer && decider == *computer) {
    what = _(L"thinking\u2026");
  } else {
    switch (o.step()) {
      case OpeningStep::Place: {
        const wxString colour = ColorLabel(ColourOfPly(ply));
        const int side = 2 * o.area() + 1;
        if (o.area() < 0)
          // TRANSLATORS: %1$d: the move's number, %2$s: "Black" or "White".
          what = wxString::Format(_("place move %d (%s) anywhere"), ply + 1, colour);
        else if (o.area() == 0)
          what = wxString::Format(_("place move %d (%s) on the centre"), ply + 1, colour);
        else
          // TRANSLATORS: %1$d: the move's number, %2$s: "Black" or "White", then the square's side.
          what = wxString::Format(_(L"place move %d (%s) within the central %d \u00D7 %d"), ply + 1,
                                  colour, side, side);
        break;
      }
      case OpeningStep::SwapOffer: {
        const Seat you = computer ? otherSeat(*computer) : Seat::First;
        const wxString colour = ColorLabel(o.colourOf(you));
        what =
            computer
                ? wxString::Format(_("keep the colours or swap them (you play %s now)"), colour)
                : wxString::Format(
                      _("keep the colours or swap them (the first player plays %s now)"), colour);
        break;
      }
      case OpeningStep::ColourChoice:
        what = _("take Black or take White");
        break;
      case OpeningStep::Swap2Choice:
        what = _("take Black, take White, or place two more stones");
        break;
      case OpeningStep::FifthChoice:
        what = _(L"place one 5th move within the central 9 \u00D7 9, or offer ten 5th moves");
        break;
      case OpeningStep::DeclareCount:
        what = _("declare how many 5th moves Black offers (1 to 8)");
        break;
      case OpeningStep::PlaceAlternatives: {
        const int n = o.alternativesWanted();
        // TRANSLATORS: the first %d: how many 5th moves to click, the second: how many so far.
        what = wxString::Format(wxPLURAL("click %d point for the 5th move, then offer it (%d "
                                         "picked)",
                                         "click %d points for the 5th move, no two symmetric, "
                                         "then offer them (%d picked)",
                                         n),
                                n, picked);
        break;
      }
      case OpeningStep::ChooseAlternative:
        what = wxString::Format(_("click one of the %d numbered 5th moves"),
                                static_cast<int>(o.alternatives().size()));
        break;
      case OpeningStep::Done:
        break;
    }
  }
  // TRANSLATORS: the banner over the board: the opening rule, the player who decides and what
  // to do, e.g. "Swap2 — Second player: take Black, take White, or place two more stones".
  return wxString::Format(_(L"%s \u2014 %s: %s"), OpeningRuleLabel(o.rule()),
                          OpeningSeatName(decider, computer, otherName), what);
}

wxString OpeningErrorSentence(OpeningError e, const Opening& o) {
  const int side = 2 * o.area() + 1;
  switch (e) {
    case OpeningError::None:
      return {};
    case OpeningError::Finished:
      return _("The opening is over.");
    case OpeningError::NotYourDecision:
      return _("It is not your decision: wait for the other player's.");
    case OpeningError::WrongStep:
      return _("The opening does not ask for that now: see the banner over the board.");
    case OpeningError::BadChoice:
      return _("That choice is not offered now.");
    case OpeningError::OffBoard:
      return _("The point is off the board.");
    case OpeningError::Occupied:
      return _("The point is occupied.");
    case OpeningError::OutsideArea:
      if (o.area() == 0) return _("This stone goes on the centre.");
      return wxString::Format(_(L"The stone must lie within the central %d \u00D7 %d."), side,
                              side);
    case OpeningError::Forbidden:
      return _("The point is forbidden for Black.");
    case OpeningError::BadCount:
      if (o.step() == OpeningStep::DeclareCount) return _("Declare from 1 to 8 5th moves.");
      return wxString::Format(wxPLURAL("Pick exactly %d 5th move (click a numbered stone to "
                                       "drop it).",
                                       "Pick exactly %d 5th moves (click a numbered stone to "
                                       "drop it).",
                                       o.alternativesWanted()),
                              o.alternativesWanted());
    case OpeningError::Duplicate:
      return _("The same point is offered twice.");
    case OpeningError::Symmetric:
      return _(
          "That point is symmetric to one already picked: for this position it is the same "
          "move.");
    case OpeningError::NotAnAlternative:
      return _("Click one of the numbered 5th moves.");
  }
  return _("Refused.");
}

wxString ComputerOpeningSentence(const Opening& after) {
  return OtherOpeningSentence(after.history().back(), after, _("The computer"));
}

wxString OtherOpeningSentence(const OpeningEntry& e, const Opening& after, const wxString& name) {
  const wxString you = ColorLabel(after.colourOf(otherSeat(e.seat)));
  switch (e.kind) {
    case OpeningEntryKind::Place:
      // TRANSLATORS: %1$s: "The computer" or the opponent's nickname.
      return wxString::Format(_("%s placed move %d at %s."), name, after.game().ply(),
                              LastPoint(after));
    case OpeningEntryKind::Choose:
      switch (e.choice) {
        case OpeningChoice::Swap:
          // TRANSLATORS: %1$s: "The computer" or the opponent's nickname; %2$s: a colour.
          return wxString::Format(_("%s swapped: you now play %s."), name, you);
        case OpeningChoice::Keep:
          return wxString::Format(_("%s keeps the colours: you play %s."), name, you);
        case OpeningChoice::PlaceTwo:
          return wxString::Format(_("%s places two more stones; then you choose your colour."),
                                  name);
        case OpeningChoice::TakeBlack:
          return wxString::Format(_("%s takes Black: you play White."), name);
        case OpeningChoice::TakeWhite:
          return wxString::Format(_("%s takes White: you play Black."), name);
        case OpeningChoice::TenFifths:
          return wxString::Format(_("%s offers ten 5th moves."), name);
        case OpeningChoice::OneFifth:
          return wxString::Format(_("%s places one 5th move."), name);
      }
      return {};
    case OpeningEntryKind::Declare:
      // TRANSLATORS: %1$s: "The computer" or the opponent's nickname; %2$d: a count.
      return wxString::Format(
          wxPLURAL("%s declares %d 5th move.", "%s declares %d 5th moves.", e.count), name,
          e.count);
    case OpeningEntryKind::Offer: {
      const int n = static_cast<int>(e.points.size());
      return wxString::Format(wxPLURAL("%s offers %d 5th move: click it.",
                                       "%s offers %d 5th moves: click the one you choose.", n),
                              name, n);
    }
    case OpeningEntryKind::Pick:
      return wxString::Format(_("%s chose the 5th move %s."), name, LastPoint(after));
  }
  return {};
}

wxString OpeningDoneSentence(const Opening& o, std::optional<Seat> computer) {
  if (computer)
    return wxString::Format(_("The opening is over: you play %s."),
                            ColorLabel(o.colourOf(otherSeat(*computer))));
  return wxString::Format(_("The opening is over: the first player plays %s, the second %s."),
                          ColorLabel(o.colourOf(Seat::First)),
                          ColorLabel(o.colourOf(Seat::Second)));
}

wxString ReplayPlayerLabel(Seat seat, const wxString& name, bool withSeat) {
  if (name.empty()) return seat == Seat::First ? _("The first player") : _("The second player");
  if (!withSeat) return name;
  // TRANSLATORS: a player in a replayed opening, e.g. "Bob (second player)".
  return wxString::Format(_("%s (%s)"), name,
                          seat == Seat::First ? _("first player") : _("second player"));
}

wxString ReplayDecisionSentence(const ReplayDecision& d, const wxString& who, int size) {
  const OpeningEntry& e = d.entry;
  switch (e.kind) {
    case OpeningEntryKind::Place:
      return {};
    case OpeningEntryKind::Choose:
      switch (e.choice) {
        case OpeningChoice::Keep:
          return wxString::Format(_("%s kept the colours."), who);
        case OpeningChoice::Swap:
          return wxString::Format(_("%s swapped the colours."), who);
        case OpeningChoice::TakeBlack:
          return wxString::Format(_("%s took Black."), who);
        case OpeningChoice::TakeWhite:
          return wxString::Format(_("%s took White."), who);
        case OpeningChoice::PlaceTwo:
          return wxString::Format(_("%s chose to place two more stones."), who);
        case OpeningChoice::OneFifth:
          return wxString::Format(_("%s chose to place one 5th move."), who);
        case OpeningChoice::TenFifths:
          return wxString::Format(_("%s chose to offer ten 5th moves."), who);
      }
      return {};
    case OpeningEntryKind::Declare:
      // TRANSLATORS: %1$s: a player, %2$d: how many 5th moves Black is to offer.
      return wxString::Format(
          wxPLURAL("%s declared %d 5th move.", "%s declared %d 5th moves.", e.count), who, e.count);
    case OpeningEntryKind::Offer: {
      const int n = static_cast<int>(e.points.size());
      // TRANSLATORS: %1$s: a player, %2$d: how many 5th moves (shown numbered on the board).
      return wxString::Format(wxPLURAL("%s offered %d 5th move.", "%s offered %d 5th moves.", n),
                              who, n);
    }
    case OpeningEntryKind::Pick:
      // TRANSLATORS: %1$s: a player; %2$d of %3$d: which of the 5th moves offered, in their
      // order; %4$s: its point, e.g. G5.
      return wxString::Format(_("%s chose 5th move %d of %d (%s)."), who, d.chosen, d.offered,
                              FromUtf8(pointName(e.points.front(), size)));
  }
  return {};
}

wxString ReplayOpeningSummary(const ReplayModel& m, const wxString& blackName,
                              const wxString& whiteName) {
  if (!m.openingRule()) return {};
  // TRANSLATORS: the replay bar: the record's opening rule, e.g. "Opening rule: Soosõrv-8."
  wxString text = wxString::Format(_("Opening rule: %s."), OpeningRuleLabel(*m.openingRule()));
  for (const ReplayDecision& d : m.decisions()) {
    const OpeningEntry& e = d.entry;
    const bool colours = e.kind == OpeningEntryKind::Choose &&
                         (e.choice == OpeningChoice::Swap || e.choice == OpeningChoice::TakeBlack ||
                          e.choice == OpeningChoice::TakeWhite);
    if (!colours && e.kind != OpeningEntryKind::Pick) continue;
    const wxString& name = d.colour == Stone::Black ? blackName : whiteName;
    // TRANSLATORS: a decision of the opening after its move's number, e.g. "Move 3: Bob
    // (second player) swapped the colours."
    text << "\n"
         << wxString::Format(
                _("Move %d: %s"), d.atMove,
                ReplayDecisionSentence(d, ReplayPlayerLabel(e.seat, name, true), m.record().size));
  }
  return text;
}

}  // namespace gomoku::app
