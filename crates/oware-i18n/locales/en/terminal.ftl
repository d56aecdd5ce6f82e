# The terminal game, `oware play` (crates/oware-tui). The keys lines fit in 80 columns.

side-south = South
side-north = North
level-easy = easy
level-medium = medium
level-hard = hard
level-expert = expert

keys-local = 1-6 play  u undo  r redo  h hint  a analyse  e cycle  s save  ? help  q quit
keys-cycle = y accept: end the game as a cycle  n decline  ? help  q quit
keys-online = 1-6 play  d draw  t takeback  e cycle  x resign  y/n  m chat  ? help  q quit
keys-online-over = n rematch  y/n answer  m chat  a analyse  c copy  s save  ? help  q quit
keys-watch = watching:  m chat  a analyse  c copy  s save  ? help  q quit
keys-chat = chat: type a message  Enter send  Backspace erase  Esc close

prompt-save = Save the game (OGN) to
prompt-open = Open the OGN game in
prompt-title = { $what }: (Enter, Esc cancels)

title-vs-computer = you ({ $side }) vs computer ({ $level })
title-friend = two players
title-line = Oware  { $opponent }  rules { $rules }
title-help = ? help

pane-board = Board
pane-captured = captured
pane-game = Game
pane-analysis = Analysis
pane-moves = Moves
pane-help = Help

game-over = Game over: { $result }
over-keys-local = n: rematch  u: take back  s: save  q: quit
over-keys-online = n: rematch  s: save  q: quit
over-keys-watch = s: save  q: quit
info-position = position
info-tables = tables
info-copied = copied
analysis-label = analysis
analysis-thinking = thinking (a: stop)
analysis-done = done
analysis-stopped = stopped (a: restart)
analysis-score = { $score } for { $side }
analysis-depth = depth { $depth }
analysis-nodes = { $nodes } nodes
analysis-line = line
analysis-off = analysis off (a: analyse this position)

turn-computer = { $level } is thinking...
turn-yours = Your move: keys 1-6, arrows and Enter, or click a pit
turn-friend = { $side } to move: keys 1-6, arrows and Enter, or a click

result-wins = { $side } wins { $south }-{ $north }
result-draw = Draw { $south }-{ $north }
outcome-line = { $result } (South-North): { $why }
why-capture = 25 or more seeds captured
why-draw = 24 seeds each
why-no-move = { $side } cannot move: each keeps their row's seeds
why-cycle-own = repetition: each keeps their row's seeds
why-cycle-even = repetition: the seeds left are split evenly
why-agreed-cycle = agreed cycle: each keeps their row's seeds

help-in-game = Rules in this game: { $rules }
help-rules =
    Oware (abapa): two rows of six pits, four seeds in each; South moves first.
    A move takes all the seeds of one of your pits and sows them one by one
    counter-clockwise (your row left to right, then the opponent's), skipping the
    pit emptied. If the last seed makes 2 or 3 in an opponent's pit, you capture
    them, and the seeds of the pits before it on that row while they hold 2 or 3.
    If your opponent has no seeds, you must give them some when you can.
    The game ends at 25 captured, at 24-24, when the player to move cannot move
    (each takes their own row), when a position repeats (the rules options), or
    when both agree it cycles while both rows hold seeds (each takes their row).
help-keys-local =
    Keys: 1-6 play your pits from your left; arrows move the cursor, Enter plays;
    a click on a pit plays it. u undo, r redo, h hint (then Enter), a analysis
    on/off (stops the search), c copy the position text (OSC 52 clipboard),
    s save and o open an OGN game, n new game (rematch: sides swap), e proposes
    to end the game as a cycle (y/n answer), q or Ctrl-C quit. Under your row:
    endgame database values (your final seed difference of the seeds on the
    board) when tables cover the position.
help-keys-online =
    Online: 1-6, arrows, Enter or a click send your move. d offers a draw, t a
    takeback, e to end the game as a cycle (each takes their row; a move lapses
    it); again: withdrawn. y accepts, n declines the opponent's offer; x resigns
    (y confirms; a aborts before both have moved); after the game n: a rematch.
    w claims the win (= a draw) when your opponent, to move, is away. m: chat
    (type, Enter sends, 140 characters at most, Esc closes). a analyses after
    the game or when watching; s saves, c copies; q leaves (the game goes on).
help-close = Press Esc, ? or q to close this help.
