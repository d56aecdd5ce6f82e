# The game review and the Analysis panel (static/js/review.js, static/js/analysis.js), and the
# review's explanations, which the server sends as a code and facts (docs/review.md): the page
# words them here. Pit and move letters (A–F, a–f), symbols (?!, ?, ??) and evaluations
# (+1.50) are notation. $name is a player's name or a side (South, North).

## The review panel
review-running = Reviewing the game…
review-running-spoken = Reviewing the game.
review-failed = The review failed: { $error }
review-engine-failed = The computer in this page could not search ({ $error }). Reload the page to try again.
review-ready = Review ready. Accuracy: { $south } { $southAccuracy } %, { $north } { $northAccuracy } %. Pick a move in the list or on the graph.
review-progress = Reviewing: { $done } of { $total ->
    [one] { $total } move
   *[other] { $total } moves
}
review-outdated = The game has changed since this review: review it again to see every move.
review-hint = Pick a move in the list or on the graph (← → step through the moves).
review-graph-label = Evaluation graph: { $south }'s advantage in seeds after each move, above the middle line; { $north }'s below. Click to see a move.
review-col-player = Player
review-col-accuracy = Accuracy
review-col-best = Best
review-col-good = Good
review-accuracy = { $accuracy } %
review-move = Move { $number }: { $name } played { $move }{ $symbol }.
review-class-best = Best move
review-class-good = Good move
review-class-inaccuracy = Inaccuracy
review-class-mistake = Mistake
review-class-blunder = Blunder
review-lost = { $seeds } seeds lost.
review-values-best = { $move } { $value }.
review-values-only = { $move } { $value } (the only good move).
review-values = { $move } { $value }; best { $best } { $bestValue }.

## Values (the review's and the engine's)
review-value-exact = { $margin } exact
review-value-win = win
review-value-loss = loss
review-value-win-in = win in { $plies }
review-value-loss-in = loss in { $plies }
review-value-proven-win = proven win
review-value-proven-loss = proven loss

## The explanation's sentences, one per code. $side and $opponent are S or N; $pits, $moves and
## $left are lists the page has joined; $value and $after are values (above).
review-left-first = { $pit } with { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
review-left-more = { $pit } with { $seeds }
review-note-missed-win = { $side ->
    [N] North
   *[S] South
} had a proven win ({ $value } with { $best }) and let it go: after { $move }, { $result ->
    [draw] a draw
    [loss] a loss
   *[win] a win
}.
review-note-missed-win-eval = { $side ->
    [N] North
   *[S] South
} had a proven win ({ $value } with { $best }) and let it go: after { $move }, only { $after }.
review-note-best-captures = Best was { $move }: { $move } captures { $pits }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}.
review-note-best-captures-kroo = Best was { $move }: { $move }, a kroo of { $sown } seeds, captures { $pits }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}.
review-note-best-line = Best was { $move } ({ $value }), line { $line }.
review-note-allowed-next = { $move } left { $left }: { $side ->
    [N] North
   *[S] South
} captured { $seeds } with { $reply } next move.
review-note-allowed-can = { $move } left { $left }: { $side ->
    [N] North
   *[S] South
} can capture { $seeds } with { $reply }.
review-note-kroo-sown = { $move } sowed a kroo of { $sown } seeds round the board.
review-note-kroo-sown-capture = { $move } sowed a kroo of { $sown } seeds round the board, capturing { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}.
review-note-kroo-built = { $move } built a kroo: { $pit } holds { $seeds } seeds, a lap round the board.
review-note-kroo-missed-sown = Missed: { $move } sowed a kroo of { $sown } seeds round the board.
review-note-kroo-missed-sown-capture = Missed: { $move } sowed a kroo of { $sown } seeds round the board, capturing { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}.
review-note-kroo-missed-built = Missed: { $move } built a kroo: { $pit } holds { $seeds } seeds, a lap round the board.
review-note-forced-feed = { $opponent ->
    [N] North
   *[S] South
}'s row was empty: { $side ->
    [N] North
   *[S] South
} had to feed it, and only { $moves } { $count ->
    [one] reaches
   *[other] reach
} it.
review-note-only-legal = { $move } was the only legal move.
review-note-only-move = { $move } was the only move: every other move costs at least { $seeds } seeds.

## The Analysis panel and the hint
review-hint-looking = Looking for a good move…
review-hint-found = Hint: try { $move } ({ $score } for you).
review-analysis-over = The game is over.
review-analysis-players = No analysis for the players while the game runs.
review-analysis-start = Analyse
review-analysis-stop = Stop
review-analysis-score-title = for { $name }, the side to move
review-analysis-line = { $line }  ({ $name } to move)
review-analysis-depth-done = { $depth } (done)
review-egdb-you = { $move }: you win { $seeds } of the { $total ->
    [one] { $total } seed
   *[other] { $total } seeds
}
review-egdb-you-range = { $move }: you win { $low } to { $high } of the { $total ->
    [one] { $total } seed
   *[other] { $total } seeds
}
review-egdb = { $move }: { $name } wins { $seeds } of the { $total ->
    [one] { $total } seed
   *[other] { $total } seeds
}
review-egdb-range = { $move }: { $name } wins { $low } to { $high } of the { $total ->
    [one] { $total } seed
   *[other] { $total } seeds
}
review-egdb-building = endgame database: building (up to { $target } seeds)
review-egdb-building-ready = endgame database: building (up to { $target } seeds) (0–{ $ready } seeds ready)
