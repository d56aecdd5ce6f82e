# The analysis board (static/js/study.js) and the board editor (static/js/editor.js). Pit and
# move letters (A–F, a–f), position text and evaluations (+1.50) are notation. $name is a
# player's name or a side (South, North).

study-south = South
study-north = North
study-engine-start = Analyse
study-engine-stop = Stop the engine
study-pit = { $pit }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, { $name }'s pit
study-store = { $name }'s store: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
study-to-move = { $name } to move.
study-over-win = Game over: { $name } wins, { $south }–{ $north }.
study-over-draw = Game over: a draw, { $south }–{ $north }.
study-tables-none = No values here: the endgame tables cover positions with few seeds left on the board.
study-why-other-row = It is { $name }'s turn: play a pit on { $name }'s row.
study-tree-empty = Play a move on the board. A move from an earlier position starts a variation.
study-move-label = Move { $number }, { $name }: { $move }
study-engine-over = The game is over in this position.
study-engine-pv = { $line } (best for { $name })
study-engine-depth-done = { $depth } (done)
study-imported = Game imported: { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
}.
study-copied = Link copied.
study-bad-link = This link's position cannot be shown ({ $why }): here is the start position.
editor-pit = { $pit }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, { $name }'s pit
editor-store = { $name }'s store: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
editor-left = Seeds left: { $left } of { $total }
editor-too-many = { $over ->
    [one] { $over } seed too many
   *[other] { $over } seeds too many
}: a game has { $total }.
editor-valid = A game can be in this position: { $name } to move.
editor-refused = Not a position of a game: { $why }
editor-bad-text = This is not position text: twelve pit counts, two stores and S or N, joined by dashes.
editor-copied = Position text copied.
