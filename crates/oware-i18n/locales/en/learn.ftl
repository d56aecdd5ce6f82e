# The lessons and the puzzles: the templates learn.html and training.html, the lessons' own
# words (crates/oware-lessons) and `oware learn`. The scripts' messages are in scripts-learn.ftl.

## The puzzles page (static/training.html).

learn-puzzles-title = Oware puzzles
learn-puzzles-description = Oware puzzles: find the one good move, rated like a game; the puzzle of the day and a streak mode.
learn-puzzles-skip = Skip to the board
learn-puzzles-heading = Puzzles
learn-puzzles-rating-none = Puzzle rating: –
learn-puzzles-theme = Theme
learn-puzzles-theme-any = Any
learn-puzzles-streak-mode = Streak mode
learn-puzzles-loading = Loading…
learn-puzzles-board = Puzzle board
learn-puzzles-store = Store
learn-puzzles-their-pits = Opponent's pits
learn-puzzles-your-pits = Your pits: keys 1 to 6
learn-puzzles-step-back = Step back along the solution
learn-puzzles-step-forward = Step forward along the solution
learn-puzzles-vote-up = Vote the puzzle up
learn-puzzles-vote-down = Vote the puzzle down
learn-puzzles-next = Next puzzle

## The lessons page (static/learn.html).

learn-page-title = Learn Oware
learn-page-description = Learn to play Oware: short lessons on the board, from the first sowing to the end of a game, and a counting trainer.
learn-page-heading = Learn to play Oware
learn-page-intro = Short lessons on the real board. Each step has a goal: play a pit and see what happens. Take your time: you can try again as often as you like.
learn-count-heading = Counting trainer
learn-count-intro = Where does the last seed land, and how many seeds will be there? Practise counting, with or without a clock.
learn-count-start = Start counting
learn-goal = Goal:
learn-board = Board
learn-north-row = North's row
learn-your-row = Your row
# Before the keys: "Keys: 1–6 play your pits A to F · H hint · R try again".
learn-keys = Keys:
learn-keys-play = play your pits A to F
learn-keys-hint = hint
learn-keys-retry = try again
learn-hint-button = Hint
learn-agree-button = Agree to stop
learn-retry-button = Try again
# Opens the whole explanation of a move (the first reading is short).
learn-more = More
learn-count-timed = With a clock (20 seconds a question)
learn-count-landing = Last seed lands in
learn-count-seeds = Seeds there
learn-count-check = Check
learn-count-score = Score:
learn-count-level = Level
learn-count-next = Next question

## The lessons' explanations of each move (crates/oware-lessons, src/check.rs), said by
## /api/learn/{lesson}/{step}/move and `oware learn`. "North" is the learner's opponent.

# A list of pits: "C, D and E" ($first is "C, D").
learn-list = { $first } and { $last }
learn-you-sowed = { $count ->
    [one] You sowed { $count } seed from { $from }, into { $pits }.
   *[other] You sowed { $count } seeds from { $from }: one in { $pits }.
}
learn-north-sowed = { $count ->
    [one] North sowed { $count } seed from { $from }, into { $pits }.
   *[other] North sowed { $count } seeds from { $from }: one in { $pits }.
}
learn-you-sowed-round = You sowed { $count } seeds from { $from }, one in each pit from { $first } round to { $last }.
learn-north-sowed-round = North sowed { $count } seeds from { $from }, one in each pit from { $first } round to { $last }.
learn-skipped = With 12 seeds or more, the sowing skipped { $from }, the pit the seeds came from.
learn-last-your-side = The last seed landed in { $pit }, on your side, which now holds { $count }.
learn-last-north-side = The last seed landed in { $pit }, on North's side, which now holds { $count }.
learn-grand-slam = That would take every seed on the other side: a grand slam. It is allowed, but it captures nothing.
# $pits: the pits and their seeds, "a (2) and b (3)".
learn-you-captured = You captured { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} from { $pits }.
learn-north-captured = North captured { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} from { $pits }.
learn-no-capture = { $count } is not 2 or 3, so nothing is captured.
learn-you-fed = North had no seeds, and this move gave them some.
learn-north-fed = You had no seeds, and this move gave you some.
learn-end-capture = Someone has 25 seeds or more: the game is over.
learn-end-draw = Both players have 24 seeds: the game is over.
learn-end-no-feed = The player to move cannot give the other side any seeds: the game is over, and each player takes the seeds on their own row.
learn-end-cycle = The game went round in a cycle and the players agreed to stop: each player takes the seeds on their own row.
learn-end-you-win = It ends { $you } to { $north }. You win!
learn-end-north-wins = It ends { $you } to { $north }. North wins.
learn-end-drawn = It ends { $you } to { $north }. It is a draw.
learn-illegal-empty = Pit { $pit } is empty: there is nothing to sow. Pick a pit with seeds.
learn-illegal-must-feed = North has no seeds, so you must give them some: the seeds of { $pit } do not reach North. Pick a pit whose seeds reach across.
learn-illegal-over = The game is already over.
learn-illegal-other = Pit { $pit } cannot be played here.
learn-miss-land-in = Your last seed must land in { $pit }; it landed in { $landed }.
learn-miss-capture = The goal is to capture { $goal } seeds or more in one move; this move captured { $count }.
learn-miss-grand-slam = This move does not reach every one of North's seeds.
learn-miss-feed = North still has no seeds.
learn-miss-not-over = The game is not over yet.
learn-miss-win = The game is over, but you did not win it.
learn-miss-draw = The game is over, but it is not 24 to 24.
learn-miss-agree-share = Agreeing now would not give you your share.
learn-miss-agree-instead = The seeds just keep going round. Here the goal is to agree with North to stop the game.
learn-miss-pit-holds = Your biggest pit holds { $count }; the goal is a pit of { $goal } or more.
learn-miss-safe = Now North can capture: { $threats }.
# One capturing reply of North, in the list of learn-miss-safe: "d would take 2 seeds".
learn-threat = { $pit } would take { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
# The first reading after North's scripted reply (the details are under "more").
learn-north-replied = { $captured ->
    [0] North replied with { $pit }. Your move.
   *[other] North replied with { $pit } and captured { $captured }. Your move.
}
learn-your-move = Your move.
learn-miss-moves-left = Now only { $count ->
    [one] { $count } of your pits holds
   *[other] { $count } of your pits hold
} seeds; the goal is to keep { $goal }.
learn-miss-side-not-empty = You still have { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} on your side.
learn-miss-cannot-feed = North cannot give you any seeds, so the game ends.
learn-miss-not-agree = This step is about playing a pit, not agreeing to stop.
learn-agreed = You and North agreed to stop the game.
learn-cannot-agree = You cannot agree to stop here.
learn-try-again = Try again.

## The counting trainer's answer (/api/learn/count).

learn-count-explained = { $pit } has { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}: the last one lands in { $landing }, which then holds { $seeds }.
learn-count-skipped = ({ $pit } itself is skipped.)

## `oware learn`, the lessons in the terminal (crates/oware-cli/src/cmd/learn.rs).

learn-cli-cannot-read = (cannot read the progress in { $path }: starting afresh)
learn-cli-cannot-keep = (cannot keep the progress in { $path }: { $error })
learn-cli-line-too-long = That line is too long.
learn-cli-list = Lessons (the stars you have, out of 3 per step):
# Shown beside a lesson whose every step has a star.
learn-cli-done = done
learn-cli-stars = { $count }/{ $total } stars
learn-cli-step = == { $lesson } - step { $step } of { $steps }: { $title }
learn-cli-goal = Goal: { $task }
# The words the learner may type (the English ones always work too).
learn-cli-word-hint = hint
learn-cli-word-agree = agree
learn-cli-word-quit = quit
learn-cli-move = Your move (A-F or 1-6, { $hint }, { $agree }, { $quit }):{" "}
learn-cli-bad-move = "{ $move }" is not a move: type a pit A to F (or 1 to 6), { $hint }, { $agree } or { $quit }.
learn-cli-hint = Hint: { $hint }
learn-cli-step-done = Step done: { $stars }
learn-cli-again = (The step starts again.)
learn-cli-lesson = Lesson { $number }: { $title }
learn-cli-complete = Lesson complete: { $title } ({ $count } of { $total } stars).
learn-cli-no-lesson = no lesson { $choice }: give a number 1 to { $count } or a name (oware learn lists them)
learn-cli-choose = Lesson (a number, or { $quit }):{" "}
learn-cli-type-number = Type a lesson number 1 to { $count }.
learn-cli-bye = Bye! Your stars are kept for next time.
