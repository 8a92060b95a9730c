"""The rule sheet's two worked examples, played through the rules.

**John's invasion.**  John's roll is no use to him: none of his counties borders a county
of the rolled colour.  Three of his counties border a county Alison holds with two
soldiers.  He has two soldiers in his supply, so he takes one from the county where he
has two and, as his extra action, puts three soldiers into Alison's county: two of each
side go to the shield and John holds the county with one.  He would like to go on from
his new county into a neighbouring county of the rolled colour, but his supply is empty
and every county of his has one soldier left: he uses the die to muster.

On the sheet the die shows yellow and Alison's county is blue, and so it is here: Alison
holds the blue Tipperary and John Offaly, Clare & Limerick and Waterford around it.  On our
board any three neighbours of one county between them hold or border every colour, so some
of John's three must be of the rolled colour themselves: Offaly and Clare & Limerick are
yellow (no two yellow counties are neighbours, so neither borders one, and the die cannot
even reinforce them: N would be 0), Waterford is green and borders no yellow county.  The
yellow county he would like to go on into from Tipperary is then one of his own (a
reinforcement of Offaly), which needs its one soldier all the same.  Renaming the colours
would not help: wherever the story is placed on our board, every county of the rolled colour
next to Alison's is one of John's three.  Everything else is as on the sheet.

**Alison's walk.**  The five spaces ahead of Alison's marker are red, blue, blue, yellow,
red; she holds one blue, two green, one red and one yellow county and rolled purple.  Her
red county pays the red space, her blue one the first blue, purple the second blue, her
yellow county the yellow; she stops before the second red (the green counties do not
help).  Our track has no such run of spaces, so the example is played on a copy of the
board whose track starts so (a valid track: ten spaces of each colour, the start yellow).
"""

from __future__ import annotations

import copy

from cambria.games.hibernia import rules
from cambria.games.hibernia.actions import Action
from cambria.games.hibernia.board import board_from_dict
from cambria.games.hibernia.track import walk
from hib_scenario import BOARD, county, describe, legal, play, pos

JOHN, ALISON = "A", "B"


def test_johns_invasion_with_three_soldiers():
    s = pos("A: CLI 1, OFF 1, WAT 2; B: DON 1, DTF 1, TIP 2; C: SLE 1; D: LCK 1",
            supply={JOHN: 2}, die="yellow")
    # none of John's counties borders a yellow county (Offaly and Clare & Limerick are yellow
    # themselves, and no yellow county borders another; Waterford is green): the die can only muster
    yellow = BOARD.colour_mask[3]
    assert [BOARD.counties[i].colour for i in s.counties_of(0)] == ["yellow", "yellow", "green"]
    assert not any(BOARD.adjacent[i] & yellow for i in s.counties_of(0))
    assert {a for a in legal(s) if a.startswith("die ")} == {"die muster"}
    # Alison's Tipperary borders three of his counties: N = 3, two from the supply, one
    # from Waterford, the only county where he has two
    assert {a for a in legal(s) if a.startswith("extra TIP")} == {"extra TIP<WAT1"}
    fx = play(s, "extra TIP<WAT1")
    assert [(e["from"], e["count"]) for e in fx if e["type"] == "soldiers" and e["to"] == county("TIP")] == \
        [("supply", 2), (county("WAT"), 1)]
    combat = [e for e in fx if e["type"] == "combat"][0]
    assert (combat["attackers"], combat["defenders"], combat["losses"], combat["left"]) == (3, 2, 2, 1)
    assert s.shield[0] == 2 and s.shield[1] == 2
    assert describe(s) == "A: CLI 1, OFF 1, TIP 1, WAT 1; B: DON 1, DTF 1; C: SLE 1; D: LCK 1"
    # his new county borders a yellow one (his Offaly: N = 1 now), but there is nobody left to send
    assert BOARD.adjacent[county("TIP")] & yellow & (1 << county("OFF"))
    assert s.supply[0] == 0 and all(s.count[i] == 1 for i in s.counties_of(0))
    assert rules.why_illegal(s, Action.parse("die OFF")) is not None
    assert legal(s) == {"die muster"}
    play(s, "die muster")


def alison_board():
    data = copy.deepcopy(BOARD.data)
    head = ["yellow", "red", "blue", "blue", "yellow", "red"]
    rest = list(data["track"])
    for c in head:
        rest.remove(c)
    data["track"] = head + rest
    return board_from_dict(data)


def test_alisons_walk_with_purple_over_red_blue_blue_yellow_red():
    board = alison_board()
    ahead = [board.track[k] for k in range(1, 6)]
    assert ahead == [2, 0, 0, 3, 2]                      # red, blue, blue, yellow, red
    s = pos("A: DON 1; B: ROS 1, DKI 1, WAT 1, GAL 1, CLI 1; C: LCK 1; D: DTF 1",
            current=ALISON, die="purple", board=board)
    assert s.holdings(1) == [1, 2, 1, 1]                 # blue, green, red, yellow
    fx = play(s, "extra muster")                         # the extra action changes no county
    steps = [(e["colour"], e["paid"]) for e in fx if e["type"] == "step"]
    assert steps == [("red", "county"), ("blue", "county"), ("blue", "purple"), ("yellow", "county")]
    walked = [e for e in fx if e["type"] == "walk"][0]
    assert (walked["from"], walked["to"], walked["purple_used"], walked["stopped_on"]) == (0, 4, True, "red")
    assert s.track[1] == 4
    # the same walk from the walk function alone
    assert [paid for _, paid in walk(board.track, 0, [1, 2, 1, 1], 1)] == ["county", "county", "purple", "county"]
    # without purple she would have stopped on the first blue space's second copy
    assert len(walk(board.track, 0, [1, 2, 1, 1], 0)) == 2
