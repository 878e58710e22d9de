#pragma once
/// @file Translatable sentences about opening rules (core/opening.h): the rules' names, what
/// the opening waits for, why an action was refused and what the computer decided. The lower
/// layers give typed values; only these functions phrase them.

#include <optional>

#include <wx/string.h>

#include "app/replaymodel.h"
#include "core/opening.h"

namespace gomoku::app {

/// The rule's name as the dialogs list it: "None", "Swap", "Swap2", "Soosõrv-8", "Taraguchi-10".
wxString OpeningRuleLabel(OpeningRule rule);
/// One sentence on how the rule goes (under the dialogs' field); for None, normal play.
wxString OpeningRuleHint(OpeningRule rule);
/// The name of the player in `seat`: "First player" / "Second player" in a hot-seat game
/// (`computer` nullopt), else "You" or, for the seat `computer`, "The computer" (or
/// `otherName` when given: the opponent over the network).
wxString OpeningSeatName(Seat seat, std::optional<Seat> computer, const wxString& otherName = {});
/// What the opening waits for, for the banner over the board, e.g. "Swap2 — Second player: take
/// Black, take White, or place two more stones". `picked`: how many 5th moves are picked out
/// (PlaceAlternatives). Once done: who plays which colour. `otherName`: as OpeningSeatName.
wxString OpeningStepSentence(const Opening& o, std::optional<Seat> computer, int picked = 0,
                             const wxString& otherName = {});
/// Why an opening action was refused, as a sentence, e.g. "The first stone goes on the
/// centre."; "" for OpeningError::None.
wxString OpeningErrorSentence(OpeningError e, const Opening& o);
/// What the computer decided last (after.history().back()), `after` being the opening once it
/// was applied, e.g. "The computer swapped: you now play Black."
wxString ComputerOpeningSentence(const Opening& after);
/// The same for the decision `e` of the player `name` (e.g. the opponent over the network),
/// `after` being the opening once it was applied: "Bob swapped: you now play Black."
wxString OtherOpeningSentence(const OpeningEntry& e, const Opening& after, const wxString& name);
/// The opening is over: who plays which colour, e.g. "The opening is over: you play White." or
/// (hot seat) "The opening is over: the first player plays Black, the second White."
wxString OpeningDoneSentence(const Opening& o, std::optional<Seat> computer);

/// The player of a replayed opening's decision: `name` (the record's PB / PW of the colour the
/// seat ended with), with its seat when `withSeat` ("Bob (second player)"); without a name the
/// seat ("The second player").
wxString ReplayPlayerLabel(Seat seat, const wxString& name, bool withSeat);
/// A decision of a replayed record's opening, as a sentence, e.g. "Bob swapped the colours." or
/// "Alice chose 5th move 3 of 8 (G5)."; `player`: who took it (ReplayPlayerLabel); `size`: the
/// board's. "" for a Place decision (the move tells it).
wxString ReplayDecisionSentence(const ReplayDecision& d, const wxString& player, int size);
/// The replay bar's lines on a record's opening: "Opening rule: Soosõrv-8." and, one a line,
/// the decisions that gave the colours or chose the 5th move, each after its move's number;
/// "" when `m`'s record states no opening rule. `blackName` / `whiteName`: the record's PB / PW.
wxString ReplayOpeningSummary(const ReplayModel& m, const wxString& blackName,
                              const wxString& whiteName);

}  // namespace gomoku::app
