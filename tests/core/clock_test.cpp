#include "core/clock.h"

#include <gtest/gtest.h>

namespace gomoku {
namespace {

TimeControl parsed(const char* text) {
  const TimeControlParse p = parseTimeControl(text);
  EXPECT_EQ(p.error, TimeControlError::None) << text;
  return p.control.value_or(TimeControl{});
}

TEST(TimeControlParse, AcceptsTheDocumentedForms) {
  EXPECT_EQ(parsed("5m+5s"), (TimeControl{ClockKind::Fischer, 300000, 5000, 0}));
  EXPECT_EQ(parsed("5+5"), (TimeControl{ClockKind::Fischer, 300000, 5000, 0}));
  EXPECT_EQ(parsed("10m"), (TimeControl{ClockKind::Fischer, 600000, 0, 0}));
  EXPECT_EQ(parsed("1m30s+0.5s"), (TimeControl{ClockKind::Fischer, 90000, 500, 0}));
  EXPECT_EQ(parsed("10s+100ms"), (TimeControl{ClockKind::Fischer, 10000, 100, 0}));
  EXPECT_EQ(parsed("30s/move"), (TimeControl{ClockKind::PerMove, 0, 0, 30000}));
  EXPECT_EQ(parsed("30/move"), (TimeControl{ClockKind::PerMove, 0, 0, 30000}));
  EXPECT_EQ(parsed("10m,30s"), (TimeControl{ClockKind::ByoYomi, 600000, 0, 30000}));
  EXPECT_EQ(parsed(" 10 , 30 "), (TimeControl{ClockKind::ByoYomi, 600000, 0, 30000}));
  EXPECT_EQ(parsed("1H+0S"), (TimeControl{ClockKind::Fischer, 3600000, 0, 0}));
  EXPECT_EQ(parsed("none"), TimeControl{});
  EXPECT_EQ(parsed(""), TimeControl{});
}

TEST(TimeControlParse, RefusesWhatIsNotAForm) {
  for (const char* bad :
       {"5x", "+5s", "5m+", "m", "1.2.3s", ".5s", "5.s", "1m30", "5m+5s+1s", "/move", "s/move",
        "10m,", ",30s", "-5m", "5m-5s", "fast", "1e3s", "10m,30s,2", "5m/move+1"}) {
    const TimeControlParse p = parseTimeControl(bad);
    EXPECT_FALSE(p.control) << bad;
    EXPECT_EQ(p.error, TimeControlError::Syntax) << bad;
  }
  EXPECT_EQ(parseTimeControl("0m+5s").error, TimeControlError::Zero);
  EXPECT_EQ(parseTimeControl("0s/move").error, TimeControlError::Zero);
  EXPECT_EQ(parseTimeControl("10m,0s").error, TimeControlError::Zero);
  EXPECT_EQ(parseTimeControl("5ms").error, TimeControlError::Zero);
  EXPECT_EQ(parseTimeControl("99ms/move").error, TimeControlError::Zero);
  EXPECT_EQ(parseTimeControl("0.1s/move").error, TimeControlError::None);
  EXPECT_EQ(parseTimeControl("25h").error, TimeControlError::TooLong);
  EXPECT_EQ(parseTimeControl("999999999999m").error, TimeControlError::TooLong);
  EXPECT_EQ(parseTimeControl("24h").error, TimeControlError::None);
}

TEST(TimeControlParse, FormatReadsBackToTheSameControl) {
  for (const char* text : {"5m+5s", "1h+0s", "1m30s+0.5s", "30s/move", "10m,30s", "none",
                           "0.1s/move", "2h3m4.005s+1s"}) {
    const TimeControl tc = parsed(text);
    EXPECT_EQ(formatTimeControl(tc), text);
    EXPECT_EQ(parsed(formatTimeControl(tc).c_str()), tc) << text;
  }
  EXPECT_EQ(formatTimeControl(parsed("5+5")), "5m+5s");
  EXPECT_EQ(formatTimeControl(parsed("10s+100ms")), "10s+0.1s");
  EXPECT_EQ(formatClockTime(0), "0s");
  EXPECT_EQ(formatClockTime(20), "20ms");
  EXPECT_EQ(formatClockTime(90000), "1m30s");
  EXPECT_EQ(clockFace(292000), "4:52");
  EXPECT_EQ(clockFace(9449), "0:09.5");  // rounded up
  EXPECT_EQ(clockFace(9400), "0:09.4");
  EXPECT_EQ(clockFace(9901), "0:10");
  EXPECT_EQ(clockFace(19999), "0:20");
  EXPECT_EQ(clockFace(1), "0:00.1");
  EXPECT_EQ(clockFace(10000), "0:10");
  EXPECT_EQ(clockFace(3723000), "1:02:03");
  EXPECT_EQ(clockFace(-5), "0:00.0");
}

TEST(GameClock, FischerChargesEachMoveAndAddsTheIncrement) {
  GameClock c(parsed("1m+2s"));
  c.start(Stone::Black, 1000);
  EXPECT_EQ(c.running(), Stone::Black);
  EXPECT_EQ(c.reading(Stone::Black, 11000).mainMs, 50000);
  EXPECT_EQ(c.punch(11000), 10000);
  EXPECT_EQ(c.running(), Stone::White);
  EXPECT_EQ(c.reading(Stone::Black, 20000).mainMs, 52000);
  EXPECT_FALSE(c.reading(Stone::Black, 20000).running);
  EXPECT_EQ(c.reading(Stone::White, 20000).mainMs, 51000);
  EXPECT_EQ(c.moveAllowanceMs(Stone::White, 20000), 51000);
  EXPECT_EQ(c.msUntilFlag(20000), 51001);
  EXPECT_FALSE(c.flagged(Stone::White, 71000));  // exactly all of its time: still in time
  EXPECT_TRUE(c.flagged(Stone::White, 71001));
  const ClockReading r = c.reading(Stone::White, 80000);
  EXPECT_TRUE(r.flagged);
  EXPECT_EQ(r.decidingMs, 0);
}

TEST(GameClock, OpeningDecisionsChargeTheirPlayerWhoKeepsTheClockOverASwap) {
  GameClock c(parsed("1m+1s"));
  c.start(Stone::Black, 0);
  EXPECT_EQ(c.punchDecision(4000, Stone::Black, false), 4000);  // the same player goes on
  EXPECT_EQ(c.running(), Stone::Black);
  EXPECT_EQ(c.reading(Stone::Black, 4000).mainMs, 57000);
  EXPECT_EQ(c.punchDecision(6000, Stone::White, false, 1500), 1500);  // a reported time
  EXPECT_EQ(c.reading(Stone::Black, 6000).mainMs, 56500);
  // White swaps after 10 s: it now plays Black and keeps its own clock (51 s), as does the
  // other player (56.5 s, now White's).
  EXPECT_EQ(c.punchDecision(16000, Stone::White, true), 10000);
  EXPECT_EQ(c.reading(Stone::Black, 16000).mainMs, 51000);
  EXPECT_EQ(c.reading(Stone::White, 16000).mainMs, 56500);
  EXPECT_EQ(c.running(), Stone::White);
  c.swapSides();  // a running clock moves with its side
  EXPECT_EQ(c.running(), Stone::Black);
  EXPECT_EQ(c.reading(Stone::Black, 17000).mainMs, 55500);
  EXPECT_EQ(c.punchDecision(200000, Stone::White, false), 184000);  // out of time
  EXPECT_TRUE(c.flagged(Stone::Black, 200000));
  EXPECT_EQ(c.running(), Stone::Empty);
  GameClock none;
  EXPECT_EQ(none.punchDecision(10, Stone::White, true), -1);
}

TEST(GameClock, PerMoveLimitCarriesNothingOver) {
  GameClock c(parsed("30s/move"));
  c.start(Stone::Black, 0);
  EXPECT_EQ(c.punch(1000), 1000);
  EXPECT_EQ(c.reading(Stone::Black, 5000).mainMs, 30000);
  EXPECT_EQ(c.reading(Stone::White, 5000).mainMs, 26000);
  EXPECT_EQ(c.punch(31000), 30000);
  EXPECT_EQ(c.running(), Stone::Black);
  EXPECT_FALSE(c.flagged(Stone::White, 31000));
  EXPECT_EQ(c.punch(61001), 30001);  // one millisecond late
  EXPECT_TRUE(c.flagged(Stone::Black, 61001));
  EXPECT_EQ(c.running(), Stone::Empty);
  EXPECT_EQ(c.punch(70000), -1);
}

TEST(GameClock, ByoYomiRenewsThePeriodAfterTheMainTime) {
  GameClock c(parsed("1m,10s"));
  c.start(Stone::Black, 0);
  ClockReading r = c.reading(Stone::Black, 30000);
  EXPECT_EQ(r.mainMs, 30000);
  EXPECT_EQ(r.periodMs, 10000);
  EXPECT_FALSE(r.inByoYomi);
  EXPECT_EQ(r.decidingMs, 40000);
  c.punch(65000);  // all 60 s of main time and 5 s of the period
  EXPECT_FALSE(c.flagged(Stone::Black, 65000));
  c.punch(66000);
  r = c.reading(Stone::Black, 70000);  // a new move: the whole period again
  EXPECT_TRUE(r.inByoYomi);
  EXPECT_EQ(r.mainMs, 0);
  EXPECT_EQ(r.periodMs, 6000);
  EXPECT_EQ(c.msUntilFlag(70000), 6001);
  EXPECT_TRUE(c.flagged(Stone::Black, 76001));
}

TEST(GameClock, PauseKeepsTheMoveTimeAndResumeGoesOn) {
  GameClock c(parsed("1m+0s"));
  c.start(Stone::Black, 0);
  c.pause(20000);
  EXPECT_EQ(c.running(), Stone::Empty);
  EXPECT_EQ(c.msUntilFlag(500000), -1);
  EXPECT_FALSE(c.flagged(Stone::Black, 500000));  // a dropped connection stops the clocks
  EXPECT_EQ(c.reading(Stone::Black, 500000).mainMs, 40000);
  c.resume(600000);
  EXPECT_EQ(c.running(), Stone::Black);
  EXPECT_EQ(c.reading(Stone::Black, 610000).mainMs, 30000);
  EXPECT_EQ(c.punch(610000), 30000);
  c.stop(620000);
  c.resume(700000);  // a stopped clock stays stopped
  EXPECT_EQ(c.running(), Stone::Empty);
  EXPECT_EQ(c.reading(Stone::White, 900000).mainMs, 50000);
}

TEST(GameClock, ChargeTakesReportedTimesAndFlagsImpossibleOnes) {
  GameClock c(parsed("10s+1s"));
  EXPECT_TRUE(c.charge(Stone::Black, 4000));
  EXPECT_EQ(c.reading(Stone::Black, 0).mainMs, 7000);
  EXPECT_FALSE(c.charge(Stone::White, 11000));  // more than its 10 s
  EXPECT_TRUE(c.flagged(Stone::White, 0));
  c.start(Stone::Black, 0);  // after a flag nothing runs any more
  EXPECT_EQ(c.running(), Stone::Empty);
}

TEST(GameClock, RunOutStopsTheClocksAndShowsTheFlag) {
  GameClock c(parsed("30s/move"));
  c.start(Stone::White, 0);
  c.runOut(Stone::White, 29'950);  // another program's claim, 50 ms early by this copy
  EXPECT_EQ(c.running(), Stone::Empty);
  EXPECT_TRUE(c.reading(Stone::White, 40'000).flagged);
  EXPECT_EQ(c.reading(Stone::White, 40'000).mainMs, 0);  // a flagged clock reads 0
  EXPECT_FALSE(c.reading(Stone::Black, 40'000).flagged);
  GameClock none;
  none.runOut(Stone::Black, 0);
  EXPECT_FALSE(none.flagged(Stone::Black, 0));
}

TEST(GameClock, EnginesAreToldTheTimeThatDecides) {
  GameClock f(parsed("1m+1s"));
  f.start(Stone::Black, 0);
  EXPECT_EQ(f.engineTime(Stone::Black, 5000).timeLeftMs, 55000);
  EXPECT_EQ(f.engineTime(Stone::Black, 5000).turnMs, 0);
  GameClock m(parsed("30s/move"));
  EXPECT_EQ(m.engineTime(Stone::White, 0).timeLeftMs, -1);
  EXPECT_EQ(m.engineTime(Stone::White, 0).turnMs, 30000);
  GameClock b(parsed("1m,10s"));
  EXPECT_EQ(b.engineTime(Stone::Black, 0).timeLeftMs, 70000);  // main time and one period
  b.start(Stone::Black, 0);
  EXPECT_EQ(b.engineTime(Stone::Black, 64000).timeLeftMs, -1);  // the period runs
  EXPECT_EQ(b.engineTime(Stone::Black, 64000).turnMs, 6000);
  EXPECT_EQ(GameClock().engineTime(Stone::Black, 0).timeLeftMs, -1);
}

TEST(GameClock, NoClockNeverRunsOrFlags) {
  GameClock c;
  EXPECT_FALSE(c.enabled());
  c.start(Stone::Black, 0);
  EXPECT_EQ(c.running(), Stone::Empty);
  EXPECT_EQ(c.punch(100), -1);
  EXPECT_TRUE(c.charge(Stone::White, 1000000));
  EXPECT_FALSE(c.flagged(Stone::White, 1000000));
  EXPECT_EQ(c.moveAllowanceMs(Stone::Black, 0), -1);
}

}  // namespace
}  // namespace gomoku
