# The game page's scripts (static/js: main, dialogs, controls, board, status, movelist, state,
# game, clock, cycle, record, api). Served with the other scripts' messages at /i18n/{lang}.

## Names: the server names a game's sides in English ("You", "Computer (Easy)", "South",
## "North"); the page shows them in its language.
game-side-south = South
game-side-north = North
game-name-you = You
# $level: one of game-level-*
game-name-computer = Computer ({ $level })
game-level-easy = Easy
game-level-medium = Medium
game-level-hard = Hard
game-level-expert = Expert

## The status line over the board
game-status-choose = Choose an opponent to start.
game-status-replay-start = Replay: start position
game-status-replay = Replay: position after move { $ply }
game-status-open-invite = Waiting for an opponent: send the invite link
game-status-seat-free = A seat is free: take it to play
game-status-aborted = Game aborted
game-status-cancelled = This challenge was cancelled
game-status-your-move = Your move
game-status-waiting = Waiting for { $name } to move
game-status-watching = { $name } to move · you are watching
# $bottom and $top: the scores of the bottom and top rows' players
game-status-over-you-win = Game over: You win, { $bottom }–{ $top }
game-status-over-wins = Game over: { $name } wins, { $bottom }–{ $top }
game-status-over-draw = Game over: Draw, { $bottom }–{ $top }
game-status-thinking = { $name } is thinking
game-status-your-turn = Your turn: pick one of your pits
game-status-to-move = { $name } to move

## A move in words (read out by screen readers). $sown: seeds sown; $captured: seeds captured
## from the pits $pits ("d, e").
game-move-you = You played { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown.
game-move = { $name } plays { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown.
game-move-you-capture = You played { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown, capturing { $captured } from { $pits }.
game-move-capture = { $name } plays { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown, capturing { $captured } from { $pits }.
game-move-you-slam-capture = You played { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown, capturing { $captured } from { $pits } (grand slam).
game-move-slam-capture = { $name } plays { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown, capturing { $captured } from { $pits } (grand slam).
game-move-you-slam = You played { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown (a grand slam: no capture under these rules).
game-move-slam = { $name } plays { $letter }: { $sown ->
    [one] { $sown } seed
   *[other] { $sown } seeds
} sown (a grand slam: no capture under these rules).

## Why a pit cannot be played
game-why-no-game = Start a game first.
game-why-replay = You are looking at an earlier position: go back to the game to play.
game-why-game-over = The game is over.
game-why-wait = Wait: { $name } is thinking.
game-why-computers-pit = That pit is the computer's. Yours are the bottom row.
game-why-not-your-row = It is { $name }'s turn: play a pit on { $name }'s row.
game-why-empty-pit = Pit { $pit } is empty.
game-why-must-feed-you = You have no seeds: the computer must play a pit that gives you seeds.
game-why-must-feed = { $name } has no seeds: you must play a pit that gives { $name } seeds.
game-why-grand-slam = That would capture every seed of your opponent (a grand slam), which these rules forbid while another move exists.

## The board's labels (screen readers) and tooltips
# A pit's name begins with what the pit shows, its letter and its seeds ("f, 4 seeds"): a
# voice user says what they see (WCAG 2.5.3).
game-pit-label-you = { $letter }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, your pit
game-pit-label = { $letter }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, { $name }'s pit
# $label: game-pit-label; $why: one of game-why-*
game-pit-cannot = { $label } (cannot play: { $why })
game-pit-played = { $label }, the move played
game-pit-best = { $label }, the review's best move
game-store-label-you = Your store: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} captured
game-store-label = { $name }'s store: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} captured
game-row-you = Your pits
game-row = { $name }'s pits
game-captured-seeds = captured seeds
game-score-final = { $total } in all: { $captured } captured, { $shared } from the board
# The endgame database's value of a move: the seeds (of those on the board) its player ends with.
game-egdb-exact = wins { $lo } of the { $total ->
    [one] { $total } seed
   *[other] { $total } seeds
}
game-egdb-range = wins { $lo } to { $hi } of the { $total ->
    [one] { $total } seed
   *[other] { $total } seeds
}

## The move list
game-no-moves = No moves yet.
game-movelist-move-you = Move { $ply }: You played { $move }. Show this position.
game-movelist-move = Move { $ply }: { $name } played { $move }. Show this position.
# $verdict: one of game-class-*, or nothing
game-movelist-review-you = Move { $ply }: You played { $move }. { $verdict } Show the review of this move.
game-movelist-review = Move { $ply }: { $name } played { $move }. { $verdict } Show the review of this move.
game-class-best = Best.
game-class-good = Good.
game-class-inaccuracy = Inaccuracy.
game-class-mistake = Mistake.
game-class-blunder = Blunder.

## Under the board, the Record panel
game-replay-start = Viewing the start position
game-replay-after = Viewing the position after move { $ply }
game-rules-standard = abapa (standard)
game-copied-position = Position text copied.
game-copied-ogn = OGN record copied.
game-ogn-unavailable = The OGN record could not be fetched: try again.

## The clocks (screen readers); $time: "4:05"
game-clock-you = Your clock: { $time }
game-clock-you-running = Your clock: { $time }, running
game-clock = { $name }'s clock: { $time }
game-clock-running = { $name }'s clock: { $time }, running

## Messages under the board
game-new-computer-you-start = New game against the computer ({ $level }). You start.
game-new-computer-starts = New game against the computer ({ $level }). The computer starts.
game-new-friend = New game against a friend. { $name } starts.
game-imported-over = Game imported: it continues after move { $ply }. It is already over.
game-imported-you-move = Game imported: it continues after move { $ply }. Your move.
game-imported-computer-moves = Game imported: it continues after move { $ply }. The computer moves next.
game-imported-to-move = Game imported: it continues after move { $ply }. { $name } to move.
game-welcome-back = Welcome back: your game is where you left it.
game-undone = Move taken back.
game-redone = Move replayed.
# $error: the server's sentence
game-online-missing = { $error } Start a new game or pick a challenge from the lobby on the home page.
game-error-unreachable = The server cannot be reached. Is `oware serve` still running?
game-error-status = The server answered { $status }.
game-rated-note-account = standard rules with a clock; both players need an account
game-rated-note-guest = log in to play rated games (standard rules, with a clock)

## Ending a game on one device as a cycle
game-cycle-proposes = { $name } proposes to end the game: the position cycles (each player takes the seeds on their own row).
game-cycle-ask = { $name } proposes to end the game: the position cycles (each player takes the seeds on their own row). { $other }, do you agree?
game-cycle-declined = Play on: the proposal was declined.
game-cycle-computer-moves = Play on: the computer moves.
game-cycle-considers = The computer considers your proposal…
game-cycle-computer-agrees = The computer agrees: the game ends, and each player takes the seeds on their own row.
game-cycle-computer-declines = The computer declines: it thinks it can do better by playing on.

## The end of the game
game-over-aborted = Game aborted
game-over-draw = A draw
game-over-you-win = You win!
game-over-computer-wins = The computer wins
game-over-wins = { $name } wins!
# An online game, on the loser's screen: without the exclamation mark.
game-over-opponent-wins = { $name } wins
# Read out: $title (one of game-over-*), the scores, $reason (one of game-end-*)
game-over-announce = Game over. { $title } { $bottom } to { $top }. { $reason }
game-end-capture-you = You captured more than half of the 48 seeds.
game-end-capture = { $name } captured more than half of the 48 seeds.
game-end-draw = Both players captured 24 seeds.
game-end-no-feed-you = You could not move, or could not give the other side any seeds. Each player takes the seeds left on their own row.
game-end-no-feed = { $name } could not move, or could not give the other side any seeds. Each player takes the seeds left on their own row.
game-end-cycle-third = The same position came back a third time, so the game ended. Each player takes the seeds left on their own row.
game-end-cycle-third-even = The same position came back a third time, so the game ended. The seeds left were split evenly.
game-end-cycle-first = The same position came back, so the game ended. Each player takes the seeds left on their own row.
game-end-cycle-first-even = The same position came back, so the game ended. The seeds left were split evenly.
game-end-time = { $name } ran out of time.
game-end-resign = { $name } resigned.
game-end-agreement = The players agreed a draw.
game-end-agreed-cycle = The players agreed that the game had become an endless cycle: each player takes the seeds on their own row.
game-end-abandon = { $name } left the game, and { $winner } claimed the win.
game-end-abandon-draw = A player left the game, and the other called it a draw.
game-end-aborted = The game was aborted before both players had moved: it does not count.
game-end-rating = Rating:
game-end-rating-of = { $name } { $rating }
