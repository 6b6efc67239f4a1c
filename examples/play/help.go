package main

import "github.com/seed8ebe013a/go-mancala/mancala"

// commands is the part of help every game shares.
const commands = `Commands:
  help      this text
  ?         list the legal moves
  hint      the computer's suggestion and how it rates it
  undo      take back your last move (and the computer's reply)
  quit      stop the game (the end of input, Ctrl-D, does the same); with
            -record the unfinished game is written, and -load resumes it
Pits are named as seen from South's seat: the row letter (row a is the one
nearest South), then the file number (1 at South's left). The arrows beside
the rows show which way the seeds travel along them.
`

// rules are the notation and terms of each game, in words.
var rules = map[string]string{
	"kiothi": `Kiothi (Meru, Kenya): two rows of ten pits; South owns row a, North row b.
The counters are warriors; each player has a prison for captured ones.
All warriors sow along one ring, counter-clockwise: a1 to a10, then b10 to
b1, and round again.
Moves:
  a5:3      lift 3 of the warriors in a5 and sow them one by one onward; a
            lap ending in an occupied pit lifts that pit and goes on (a
            relay); the first lap may not end in an occupied pit of your own
            row. A move ending in an empty pit of your row captures the
            enemy pit opposite (with the last warrior), unless it is nki.
  -a5       opening (turns 0 and 1): empty a5 into your hand
  +b3       opening: drop one warrior from your hand into b3 (drops go in
            ring order); type a whole opening turn on one line:
            -a5 -a6 +b1 +b1 +a3 ...
  =         opening: stop lifting (only with OpeningUpTo)
Nki pits (marked *) cannot be captured; a pit loses its mark when it is
lifted. The game ends when the player to move has no move: the warriors
left on the board go to the other player's prison, and the fuller prison
wins.
`,
	"kisolo": `Kisolo (Luba, Lulua, Songye; DR Congo): four rows; South owns a (outer)
and b (inner), North c (inner) and d (outer). Each player sows around their
own two rows, counter-clockwise.
Moves:
  b3        lift all seeds of b3 and sow them one by one onward; when the
            next pit is occupied, lift it and go on (a relay)
  xb3       capture through your inner pit b3: take the seeds of the enemy
            pit facing it and of the pit behind that, and sow them from b3.
            Whenever a capture is possible you must capture.
You win when your capture empties the enemy's inner row; you lose when
your own move leaves your inner row empty, or when you have no move.
`,
	"kimasai": `Bao la Kimasai (Maasai, Tanzania): four rows of eight pits; South owns a
(outer) and b (inner), North c (inner) and d (outer). The counters are
cows; each player starts with 24 in reserve. Each player sows around their
own two rows, clockwise.
Moves:
  b3        while reserves remain (phase 1), put one reserve cow into b3,
            then lift all its cows and sow them one by one onward; a lap
            ending in an occupied pit lifts it and goes on. Once the
            reserves are empty (phase 2), a lap ending in an occupied pit of
            your inner row opposite an occupied enemy pit raids it: its cows
            are sown from there.
You win when your raid empties the enemy's inner row; you lose when your
own move leaves your inner row empty, or when you have no move.
`,
}

// help returns the help text for d's game.
func help[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) string {
	return rules[d.Name] + "A move that would sow for ever (endless) draws the game, or is not\nallowed under Endless:Illegal.\n" + commands
}
