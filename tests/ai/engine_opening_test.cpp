// ai::EngineOpening and SWAP2BOARD: an external engine takes its own swap2 decisions, driven here
// with the project's pbrain-gomoku and with a scripted engine (fake_swap2_engine.sh) that
// answers ERROR, UNKNOWN, garbage, illegal points or nothing; then our engine decides for it.
// POSIX only (the script needs /bin/sh).

#include <gtest/gtest.h>

#include "ai/engine_opening.h"
#include "ai/pbrain_client.h"
#include "core/game.h"

using namespace gomoku;
using namespace gomoku::ai;

using Kind = Swap2Reply::Kind;

TEST(Swap2Reply, ParsesTheAnswersOfTheProtocol) {
  Swap2Reply r = parseSwap2Reply("7,7 8,7 9,9");
  EXPECT_EQ(r.kind, Kind::Stones);
  EXPECT_EQ(r.stones, (std::vector<Point>{{7, 7}, {8, 7}, {9, 9}}));
  r = parseSwap2Reply("  8, 8   8 ,6 \r");
  EXPECT_EQ(r.kind, Kind::Stones);
  EXPECT_EQ(r.stones, (std::vector<Point>{{8, 8}, {8, 6}}));
  EXPECT_EQ(parseSwap2Reply("6,8").stones, (std::vector<Point>{{6, 8}}));
  EXPECT_EQ(parseSwap2Reply("SWAP").kind, Kind::Swap);
  EXPECT_EQ(parseSwap2Reply("swap").kind, Kind::Swap);
  EXPECT_EQ(parseSwap2Reply("ERROR not supported").kind, Kind::Refused);
  EXPECT_EQ(parseSwap2Reply("UNKNOWN").kind, Kind::Refused);
  EXPECT_EQ(parseSwap2Reply("ERROR not supported").text, "ERROR not supported");
  for (const char* bad : {"hello", "7,7x", "7,7 SWAP", "7", "SWAP SWAP", "7;7", ""})
    EXPECT_EQ(parseSwap2Reply(bad).kind, Kind::Unreadable) << bad;
}

#ifndef _WIN32

namespace {

Limits fast() {
  Limits l;
  l.turnTimeMs = 200;
  return l;
}

// A swap2 opening whose stones are `stones` (placed by the seats in turn, PlaceTwo for the
// 4th and 5th): at ply 0, 3 (Swap2Choice) or 5 (ColourChoice).
Opening swap2After(const std::vector<Point>& stones) {
  Opening o(OpeningRule::Swap2, 15, Rule::Freestyle);
  for (std::size_t i = 0; i < stones.size(); ++i) {
    if (i == 3) {
      EXPECT_EQ(o.choose(Seat::Second, OpeningChoice::PlaceTwo), OpeningError::None);
    }
    EXPECT_EQ(o.place(o.decider(), stones[i]), OpeningError::None);
  }
  return o;
}

const std::vector<Point> kFive = {{7, 7}, {8, 7}, {7, 9}, {8, 8}, {6, 6}};

// The fake engine in `mode`, with short deadlines.
ExternalEngine fake(std::vector<std::string> args) {
  args.insert(args.begin(), FAKE_SWAP2_ENGINE);
  return ExternalEngine("/bin/sh", std::move(args), ExternalTimeouts{15000, 300, 300});
}

// One move asked of `e` in normal play (BOARD), synchronously.
SearchResult askMove(ExternalEngine& e, const Game& g) {
  SearchResult out;
  Callbacks cb;
  cb.onDone = [&](const SearchResult& r) { out = r; };
  e.start(g.moves(), g.size(), g.rule(), fast(), std::move(cb));
  e.wait();
  return out;
}

}  // namespace

TEST(EngineOpening, OurPbrainPlacesTheThreeStonesItself) {
  ExternalEngine e(PBRAIN_GOMOKU_PATH, {"--level", "1"});
  EngineOpening player(e, fast());
  Opening o(OpeningRule::Swap2, 15, Rule::Freestyle);
  const EngineOpeningTurn t = player.decide(o);
  EXPECT_EQ(t.source, EngineOpeningSource::Engine) << t.reply;
  ASSERT_EQ(t.decisions.size(), 3u);
  for (const auto& d : t.decisions) EXPECT_EQ(d.step, OpeningStep::Place);
  EXPECT_EQ(o.game().ply(), 3);
  EXPECT_EQ(o.step(), OpeningStep::Swap2Choice);
  EXPECT_FALSE(t.move);
}

TEST(EngineOpening, OurPbrainChoosesAfterThreeAndAfterFiveStones) {
  ExternalEngine e(PBRAIN_GOMOKU_PATH, {"--level", "1"});
  for (std::size_t count : {3u, 5u}) {
    EngineOpening player(e, fast());
    Opening o = swap2After({kFive.begin(), kFive.begin() + static_cast<long>(count)});
    const Seat engineSeat = o.decider();
    const EngineOpeningTurn t = player.decide(o);
    EXPECT_EQ(t.source, EngineOpeningSource::Engine) << t.reply;
    ASSERT_FALSE(t.decisions.empty());
    ASSERT_TRUE(t.decisions[0].choice);
    const OpeningChoice c = *t.decisions[0].choice;
    // Our brain answers SWAP (Black) or its move as White; it never places two more.
    ASSERT_TRUE(c == OpeningChoice::TakeBlack || c == OpeningChoice::TakeWhite);
    ASSERT_TRUE(o.done());
    EXPECT_EQ(o.colourOf(engineSeat), c == OpeningChoice::TakeBlack ? Stone::Black : Stone::White);
    EXPECT_EQ(t.move.has_value(), c == OpeningChoice::TakeWhite);
    Game g;
    for (Point p : o.game().moves()) ASSERT_EQ(g.play(p), MoveError::None);
    if (t.move) {
      EXPECT_EQ(g.check(*t.move), MoveError::None);
      EXPECT_EQ(player.takeMove(g), t.move);
      EXPECT_FALSE(player.takeMove(g));  // once
    }
    // The engine plays on in normal play with BOARD.
    const SearchResult r = askMove(e, g);
    ASSERT_TRUE(r.move) << r.error;
    EXPECT_EQ(g.check(*r.move), MoveError::None);
  }
}

TEST(EngineOpening, AnEngineThatRefusesSwap2IsDecidedForAndPlaysOn) {
  for (const char* mode : {"error", "unknown"}) {
    ExternalEngine e = fake({mode});
    EngineOpening player(e, fast(), 2000);
    Opening o(OpeningRule::Swap2, 15, Rule::Freestyle);
    EngineOpeningTurn t = player.decide(o);
    EXPECT_EQ(t.source, EngineOpeningSource::Refused) << mode;
    EXPECT_EQ(t.reply,
              std::string(mode) == "error" ? "ERROR swap2 is not supported" : "UNKNOWN SWAP2BOARD");
    ASSERT_EQ(t.decisions.size(), 1u);  // ours: one stone
    EXPECT_EQ(o.game().ply(), 1);
    // The rest of the opening: ours, without asking the engine again.
    t = player.decide(o);
    EXPECT_EQ(t.source, EngineOpeningSource::AsBefore);
    EXPECT_EQ(o.game().ply(), 2);
    // Normal play: the engine, started afresh, answers BOARD (its UNKNOWN lines are gone).
    const SearchResult r = askMove(e, o.game());
    ASSERT_TRUE(r.move) << mode << ": " << r.error;
    EXPECT_EQ(*r.move, (Point{0, 0}));
  }
}

TEST(EngineOpening, GarbageIllegalPointsAndSilenceAreDecidedFor) {
  struct Case {
    std::vector<std::string> args;
    std::size_t stones;  // in the opening when the engine is asked
    EngineOpeningSource source;
    OpeningError refusal;
  };
  const std::vector<Case> cases = {
      {{"garbage"}, 0, EngineOpeningSource::Invalid, OpeningError::None},
      {{"silent"}, 3, EngineOpeningSource::NoAnswer, OpeningError::None},
      {{"reply", "7,7 7,7 8,8"}, 0, EngineOpeningSource::Invalid, OpeningError::Occupied},
      {{"reply", "7,7 8,8"}, 0, EngineOpeningSource::Invalid, OpeningError::None},
      {{"reply", "SWAP"}, 0, EngineOpeningSource::Invalid, OpeningError::None},
      {{"reply", "7,7"}, 3, EngineOpeningSource::Invalid, OpeningError::Occupied},
      {{"reply", "20,3"}, 3, EngineOpeningSource::Invalid, OpeningError::OffBoard},
      {{"reply", "1,1 2,2 3,3"}, 3, EngineOpeningSource::Invalid, OpeningError::None},
      {{"reply", "1,1 2,2"}, 5, EngineOpeningSource::Invalid, OpeningError::None},
      {{"reply", "8,8"}, 5, EngineOpeningSource::Invalid, OpeningError::Occupied},
  };
  for (const Case& c : cases) {
    const std::string name = c.args.back() + " after " + std::to_string(c.stones);
    ExternalEngine e = fake(c.args);
    EngineOpening player(e, fast(), 2000);
    Opening o = swap2After({kFive.begin(), kFive.begin() + static_cast<long>(c.stones)});
    const OpeningStep step = o.step();
    const EngineOpeningTurn t = player.decide(o);
    EXPECT_EQ(t.source, c.source) << name;
    EXPECT_EQ(t.refusal, c.refusal) << name;
    EXPECT_FALSE(t.move) << name;
    // Ours took the decision of that step instead, and the opening went on.
    ASSERT_EQ(t.decisions.size(), 1u) << name;
    EXPECT_EQ(t.decisions[0].step, step) << name;
    EXPECT_EQ(o.game().ply(), static_cast<int>(c.stones) + (step == OpeningStep::Place)) << name;
    if (c.source == EngineOpeningSource::NoAnswer) {
      EXPECT_NE(t.reply.find("did not answer within"), std::string::npos) << t.reply;
    }
  }
}

TEST(EngineOpening, EnginePlacesTwoMoreStones) {
  ExternalEngine e = fake({"reply", "8,8 6,6"});
  EngineOpening player(e, fast());
  Opening o = swap2After({kFive.begin(), kFive.begin() + 3});
  const EngineOpeningTurn t = player.decide(o);
  EXPECT_EQ(t.source, EngineOpeningSource::Engine);
  ASSERT_EQ(t.decisions.size(), 3u);
  EXPECT_EQ(t.decisions[0].choice, OpeningChoice::PlaceTwo);
  EXPECT_EQ(o.game().ply(), 5);
  EXPECT_EQ(o.step(), OpeningStep::ColourChoice);
  EXPECT_EQ(o.decider(), Seat::First);
}

TEST(EngineOpening, OtherRulesHaveNoCommand) {
  ExternalEngine e = fake({"reply", "7,7 8,8 9,9"});  // never asked
  EngineOpening player(e, fast(), 2000);
  Opening o(OpeningRule::Swap, 15, Rule::Freestyle);
  EngineOpeningTurn t = player.decide(o);
  EXPECT_EQ(t.source, EngineOpeningSource::NoCommand);
  EXPECT_EQ(o.game().ply(), 1);
  t = player.decide(o);
  EXPECT_EQ(t.source, EngineOpeningSource::AsBefore);
  EXPECT_EQ(o.game().ply(), 2);
}

#endif
