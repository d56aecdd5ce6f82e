# The messages of the lessons' and the puzzles' scripts (static/js/learn.js, counting.js,
# learncard.js, training.js), sent as JSON at /i18n/{lang}. Ids start with learn-.

## Words both the lessons page and its script use.

learn-continue = Continue where you left off
learn-back = Back to the lessons
learn-next-step = Next step

## The lessons (learn.js).

learn-saved-account = Your stars are kept on your account.
learn-saved-browser = Your stars are kept in this browser ({ $error })
learn-list-stars = { $count } of { $total } stars
learn-list-done = Done · { $count } of { $total } stars
learn-store-north = North's store: { $count }
learn-store-south = Your store: { $count }
learn-step-title = Step { $step } of { $steps }: { $title }
learn-step-again = The step starts again. { $task }
# $stars: the stars drawn, ★★☆.
learn-step-done = Step done: { $count } of 3 stars { $stars }.
learn-next-lesson = Next lesson
learn-hint-said = Hint: { $hint }
learn-tap-done = This step is done: press “{ $next }”.

## The board's pits and the counting trainer (counting.js).

learn-pit-north = { $pit }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, North's pit
learn-pit-north-changed = { $pit }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, North's pit, just changed
# A pit button's name: $pit is the letter shown and $seeds the number shown; $count chooses the plural.
learn-pit-yours = { $pit }, { $seeds } { $count ->
    [one] seed
   *[other] seeds
}, your pit
learn-pit-yours-changed = { $pit }, { $seeds } { $count ->
    [one] seed
   *[other] seeds
}, your pit, just changed
learn-count-question = Pit { $pit } of your row is sown. Where does the last seed land, and how many seeds will be there?
learn-count-has = Pit { $pit } has { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}.
learn-count-left = { $count } s left
learn-count-late = Time is up.
learn-count-right = Right!
learn-count-wrong = Not quite.
learn-count-cannot-check = That question could not be checked. Here is a new one.
learn-count-your-pit = Your pit { $pit }
learn-count-north-pit = North's pit { $pit }

## The puzzles (training.js).

learn-tr-heading = Puzzles
learn-tr-streak-title = Puzzle streak
learn-tr-daily = Puzzle of the day, { $date }
learn-tr-streak = Streak: { $count } (best { $best })
# $rating: the rating, with its last change, "1512 (+12)".
learn-tr-rating = Puzzle rating: { $rating }
learn-tr-rating-guest = Puzzle rating: { $rating } (kept in this browser)
learn-tr-your-pit = { $pit }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, your pit (key { $key })
learn-tr-their-pit = { $pit }, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, the opponent's pit
learn-tr-their-store = Opponent's store, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
learn-tr-your-store = Your store, { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
learn-tr-not-now = Pit { $pit } cannot be played now.
learn-tr-not-yours = Pit { $pit } cannot be played now: it is the opponent's.
learn-tr-right = Right: { $move }. The opponent answers { $reply }. Your move.
learn-tr-solved = Solved!
learn-tr-failed = { $move } is not it: the right move was { $expected }.
# $diff: the change with its sign, +12 or −5.
learn-tr-rating-change = Rating { $diff }.
learn-tr-not-rated = (Played before: not rated.)
learn-tr-unrated-not-served = (Not rated: this puzzle was not opened here. Load it again to play it rated.)
learn-tr-unrated-too-fast = (Not rated: played faster than a person can.)
learn-tr-unrated-too-many = (Not rated: enough rated puzzles for this minute.)
learn-tr-unrated-offline = (Not rated: played offline. Your account gets it when the network is back.)
learn-tr-explain-takes = { $move } captures { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} at once.
learn-tr-explain-quiet = { $move } captures nothing at once.
learn-tr-explain-line = The whole line wins { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} more than the opponent.
learn-tr-explain-refute = After { $move }, the opponent's { $reply } captures { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}.
learn-tr-streak-now = Streak { $count }.
learn-tr-streak-ends = The streak ends at { $count }.
learn-tr-step-through = Step through the solution with ◀ ▶.
learn-tr-start = Start (solution { $line })
learn-tr-move-of = Move { $n } of { $total }: { $move }
learn-tr-info = Puzzle { $id } · rating { $rating } · { $count ->
    [one] { $count } move to find
   *[other] { $count } moves to find
}
learn-tr-you-play-south = You play South (the bottom row). Find the best move: tap a pit or press 1–6.
learn-tr-you-play-north = You play North (the bottom row). Find the best move: tap a pit or press 1–6.
learn-tr-voted-up = Thanks: your vote is up.
learn-tr-voted-down = Thanks: your vote is down.
learn-tr-login-to-vote = Log in to vote.

## The puzzles' themes, by the code the server sends (docs/puzzles.md).

learn-theme-capture-chain = capture chain
learn-theme-grand-slam = grand slam
learn-theme-feeding-forced = feeding forced
learn-theme-big-pit = big pit
learn-theme-endgame-exact = exact endgame
learn-theme-defend = defend
learn-theme-cycle = cycle
