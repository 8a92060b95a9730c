"""The turn builder: a decision composed tap by tap from the game's legal actions.

The rules list every legal action; each action's text is cut into steps
(``GameRules.action_steps``: ``"x4/5 p12<7"`` -> ``x4/5``, ``p12``, ``<7``).  All
prefixes form a tree, so after any steps chosen so far (``partial``) the next
possible steps, and whether the steps so far are a whole action, are one lookup.
Composing every offered path gives exactly the legal actions (a test walks them).

The preview comes from the rules' own effects: a whole action is played on a copy
(its effects include the captures at the end of the turn); for a part of an
action, the effects of the first legal action that extends it are kept up to the
chosen steps.  Nothing here knows a rule.

A game's web object may name steps a person is not asked for (``auto_step(state, step)``:
true for a step that, when it is the only one offered at the start of a decision, is taken
by itself, like Cambria's neutral placement with one target).  Those leading
steps are part of every answer's ``partial``, and ``forced`` says how many there are (Undo
does not go behind them).

A game's web object may also propose a step (``propose(state, partial, nxt)``: one of ``nxt``,
or None), for a choice that has a sensible default and ends the action, like Cambria's
"which warrior moves" once the supply is empty.  The answer for ``partial`` is then the
answer for ``partial + [proposal]`` (a whole action, ready to confirm), with the proposal's
siblings still offered: ``choices`` then replace the last step of ``partial`` (``choices_at``
says where they go) and ``proposed`` says the last step is the game's proposal rather than
the player's.  A player's own pick among those siblings keeps them offered the same way, so
she can change her mind before confirming.

A game's web object may instead compose the decision itself (``compose(game, partial)``, with
the same answer), where the page's steps are not the rules' (Hibernia: both actions of a turn
in one decision, the county tapped deciding which action it is, a stepper for the sources).
Its answer may then carry ``actions`` (the rules' decisions that Confirm plays, in order) and
``auto`` (the indices of the steps taken without a tap, which Undo goes back past).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import IllegalActionError
from ..core.game import Game
from .errors import RequestError

__all__ = ["LegalTree", "options", "MAX_PARTIAL"]

MAX_PARTIAL = 60  # more steps than any decision of any game has (a stepper's taps included)
MAX_STEP_TEXT = 24


class LegalTree:
    """Every prefix of every legal action's steps -> (the next steps in order, a whole action?,
    its text if whole, else the text of the first legal action that extends it)."""

    __slots__ = ("key", "nodes")

    def __init__(self, game: Game) -> None:
        self.key = (id(game.state), len(game.steps))
        rules = game.rules
        nodes: dict[tuple[str, ...], tuple[list[str], bool, str]] = {}
        for a in rules.legal_actions(game.state):
            text = rules.action_to_text(a)
            steps = rules.action_steps(text)
            for n in range(len(steps) + 1):
                prefix = tuple(steps[:n])
                entry = nodes.get(prefix)
                if entry is None:
                    entry = nodes[prefix] = ([], False, text)
                if n == len(steps):
                    nodes[prefix] = (entry[0], True, text)
                elif steps[n] not in entry[0]:
                    entry[0].append(steps[n])
        self.nodes = nodes

    def get(self, partial: Sequence[str]) -> tuple[list[str], bool, str] | None:
        return self.nodes.get(tuple(partial))


def check_partial(partial: Any) -> list[str]:
    if (not isinstance(partial, list) or len(partial) > MAX_PARTIAL
            or not all(isinstance(s, str) and 0 < len(s) <= MAX_STEP_TEXT for s in partial)):
        raise RequestError(f"'partial' must be a list of up to {MAX_PARTIAL} steps (short texts), "
                           "the steps chosen so far")
    for s in partial:  # the tokens the builder offers are short words of visible ASCII
        if not (s.isascii() and s.isprintable()) or " " in s:
            raise RequestError(f"'partial': {s[:24]!r} is not a step the page was offered")
    return list(partial)


def forced_steps(game: Game, web: Any, tree: LegalTree) -> list[str]:
    """The leading steps of the decision due that are taken without asking (see the module)."""
    auto = getattr(web, "auto_step", None)
    lead: list[str] = []
    while auto is not None and len(lead) < MAX_PARTIAL:
        entry = tree.get(lead)
        if entry is None or entry[1] or len(entry[0]) != 1 or not auto(game.state, entry[0][0]):
            break
        lead.append(entry[0][0])
    return lead


def proposal(game: Game, web: Any, tree: LegalTree, base: Sequence[str]) -> str | None:
    """The step the game proposes after ``base`` (see the module), if any: it must be offered
    there and make a whole action that asks nothing more."""
    propose = getattr(web, "propose", None)
    entry = tree.get(base)
    if propose is None or entry is None or entry[1] or len(entry[0]) < 2:
        return None
    step = propose(game.state, list(base), list(entry[0]))
    if not isinstance(step, str) or step not in entry[0]:
        return None
    whole = tree.get([*base, step])
    return step if whole is not None and whole[1] and not whole[0] else None


def options(game: Game, web: Any, tree: LegalTree, partial: Sequence[str]) -> dict[str, Any]:
    """The next steps after ``partial``, with the preview, the stage and the prompt (OPTIONS)."""
    compose = getattr(web, "compose", None)
    if compose is not None:
        return dict(compose(game, partial))
    rules = game.rules
    state = game.state
    lead = forced_steps(game, web, tree)
    if len(partial) < len(lead) and list(partial) == lead[:len(partial)]:
        partial = lead  # the steps nobody is asked for are taken
    entry = tree.get(partial)
    if entry is None:
        done = " ".join(partial[:-1]) or "nothing"
        raise IllegalActionError(f"{str(partial[-1])[:24]!r} is not a legal choice here (after {done}); "
                                 "ask for the options again")
    # a proposed step: the action made whole by it, the other steps still offered in its place
    base: list[str] | None = None
    proposed = proposal(game, web, tree, partial)
    if proposed is not None:
        base, partial = list(partial), [*partial, proposed]
    elif len(partial) > len(lead):
        default = proposal(game, web, tree, partial[:-1])
        if default is not None:
            base, proposed = list(partial[:-1]), default
    if base is not None:
        entry = tree.get(partial)
        assert entry is not None  # a proposal's siblings are whole actions (proposal())
    nxt, complete, first = entry
    position = rules.position(state)
    dice = list(getattr(state, "dice", ()))
    effects: list[dict[str, Any]] = []
    # a whole action's entry holds its own text; a part's, the first action that extends it
    trial = rules.clone(state)
    rules.apply_action(trial, rules.text_to_action(first), False, effects)
    if complete:
        action_text: str | None = first
        shown = effects
    else:
        action_text = None
        k = len(partial)
        shown = [e for e in effects if e.get("part") is not None and e["part"] < k]
    captures = [e for e in shown if e["type"] == "capture"] if complete else []
    at = len(partial)
    if base is not None:
        # the board shows the steps before the choice still open (the warrior that leaves stays
        # drawn, marked); what confirming captures is the whole action's
        at = len(base)
        shown = [e for e in shown if e.get("part") is not None and e["part"] < at]
        nxt = tree.get(base)[0]  # type: ignore[index]
    preview = web.preview(position, dice, shown)
    preview["captures"] = captures
    preview["effects"] = shown
    prefix = partial[:at]
    choices = [web.choice(state, tok, prefix, preview) for tok in nxt]
    chosen = partial[-1] if base is not None else None
    for c in choices:
        if chosen is not None:
            c["chosen"] = c["token"] == chosen
    choices.sort(key=web.sort_key)
    stage = web.stage(prefix, nxt)
    prompt = (web.proposal_prompt(state, stage, prefix, chosen) if base is not None
              else web.prompt(state, stage, nxt, preview.get("dice", dice)))
    return {
        "stage": stage, "partial": list(partial), "forced": len(lead), "complete": complete, "action": action_text,
        "choices": choices, "choices_at": at, "proposed": base is not None and chosen == proposed,
        "prompt": prompt, "preview": preview, "player": web.decider(state), "phase": rules.phase(state).name.lower(),
    }
