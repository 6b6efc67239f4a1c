"""A text picture of a game, for the environments' render modes."""

from __future__ import annotations

from typing import Any, Callable, Optional

_SEAT_NAME = {"S": "South (player_0)", "N": "North (player_1)"}


def render_text(game: Any) -> str:
    """The board of a :class:`mancala_engine.env.Game` as text: one line a
    row, as the position's notation lists them (from the far side, North's,
    to South's), then who is to move, the ply count and the result."""
    fields = game.position.split()
    lines = [f"{fields[0]}  ply {game.plies}" + (f"  ({' '.join(fields[3:])})" if len(fields) > 3 else "")]
    rows = fields[1].split("/") if len(fields) > 1 else []
    width = max((len(x) for r in rows for x in r.split(",")), default=1)
    for r in rows:
        lines.append("  " + " ".join(x.rjust(width) for x in r.split(",")))
    if game.terminated:
        lines.append(f"game over: {game.result}")
    elif game.truncated:
        lines.append(f"truncated at the horizon ({game.horizon} plies)")
    else:
        lines.append(f"to move: {_SEAT_NAME.get(game.to_move, game.to_move)}")
    return "\n".join(lines)


def render(render_mode: Optional[str], game: Any, warn: Callable[[str], Any]) -> Optional[str]:
    """What an environment's ``render()`` returns for ``render_mode``, as
    Gymnasium and PettingZoo define it: None with a warning (through
    ``warn``) when no mode was given, the text for ``"ansi"``, and None
    after printing it for ``"human"``."""
    if render_mode is None:
        warn("You are calling render method without specifying any render mode.")
        return None
    text = render_text(game)
    if render_mode == "ansi":
        return text
    print(text)
    return None
