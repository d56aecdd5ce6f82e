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

## Online play: the lobby's prompt (crates/oware-tui/src/lobby.rs)

term-address-or-server = { $error } (or the server's address alone, e.g. http://127.0.0.1:8080, for its lobby)
term-clock-bad = '{ $text }' is not a clock: give MINUTES+SECONDS (e.g. 5+3, 0.5+2) or none
term-someone = Someone
term-no-clock = no clock
term-challenge = { $who } plays { $side } · { $clock } · { $rules } (you play { $yours })
term-challenge-rated = { $who } plays { $side } · { $clock } · { $rules } · rated (you play { $yours })
term-lobby-refused = the server's lobby is refused: { $error }
term-lobby-empty = No open challenges on { $server }.
term-lobby-list = Open challenges on { $server }:
term-lobby-ask-none = n: a new game, r or Enter: look again, q: quit
term-lobby-ask = { $count ->
    [one] 1: take it, n: a new game, r or Enter: look again, q: quit
   *[other] 1-{ $count }: take one, n: a new game, r or Enter: look again, q: quit
}
term-lobby-nothing-to-take = there is no challenge to take
term-lobby-out-of-range = { $count ->
    [one] there is 1 challenge: give 1 to take it
   *[other] there are { $count } challenges: give a number from 1 to { $count }
}
term-lobby-not-a-choice = '{ $answer }' is not one of the choices
term-create-no-token = the server's answer to creating a game has no id or seat token
term-create-no-side = the server did not say which side you play
term-new-in-lobby = New game, in the lobby.
term-new-not-in-lobby = New game, not in the lobby.
term-terminal-failed = the terminal failed: { $error }
term-challenge-gone = That challenge is no longer open. { $note }

## Online play: the game's screen and status line (online.rs, app/online.rs)

term-not-online = not an online game (it is played on one device)
term-offer-takeback-own = You asked to take back your last move: t withdraws
term-offer-cycle-own = You proposed to end the game as a cycle: e withdraws
term-offer-draw-own = You offered a draw: d withdraws
term-offer-rematch-own = You offered a rematch: waiting for the answer
term-offer-takeback = { $name } asks to take back their last move
term-offer-cycle = { $name } proposes to end the game as a cycle
term-offer-draw = { $name } offers a draw
term-offer-rematch = { $name } offers a rematch
term-offer-answer = { $offer }: y accept, n decline
term-end-aborted = Game aborted
term-end-no-result = no result
term-end-cancelled = Challenge cancelled
term-end-never-started = the game never started
term-end-wins = { $name } ({ $side }) wins
term-end-draw = Draw
term-end-time = { $side } ran out of time
term-end-resign = { $side } resigned
term-end-agreement = drawn by agreement
term-end-abandon-win = { $side } left and { $other } claimed the win
term-end-abandon-draw = a player left; the other claimed a draw
term-online-over = Game over: { $result }: { $why }
term-wait-opponent = Waiting for an opponent to join (give them the link)
term-wait-second = Waiting for the second player
term-their-move = { $name }'s move ({ $side })
term-watching-to-move = Watching: { $name } ({ $side }) to move
term-refuse-over = The game is over: n offers a rematch
term-refuse-watching-move = You are watching: only the players move
term-refuse-wait-join = Wait for an opponent to join
term-refuse-wait-turn = Wait: it is { $name }'s move
term-refuse-busy = Wait: your last request is on its way
term-cannot-play = Cannot play { $pit }: { $error }
term-sending = Sending { $pit }...
term-resigning = Resigning...
term-aborting = Aborting...
term-not-resigned = Not resigned. { $status }
term-confirm-resign-abort = Resign? y resigns, a aborts (no result), any other key keeps playing
term-confirm-resign = Resign this game? y resigns, any other key keeps playing
term-refuse-watching-do = You are watching: only the players can do this
term-refuse-not-under-way = Not now: the game is not under way
term-refuse-no-claim = Nothing to claim: your opponent is here or not to move
term-refuse-undo = No undo in an online game: t asks to take back your last move
term-refuse-hint = No hints in an online game (they are for games against the computer)
term-refuse-analysis = No analysis during your own game: a works once it is over
term-refuse-open = Leave the online game first (q), then oware play GAME.ogn
term-already-offers = { $name } already offers it: y accepts, n declines
term-no-cycle = No cycle to end: { $error }
term-refuse-watching-answer = You are watching: only the players answer offers
term-no-offer = No offer to answer
term-offered-draw = You offered a draw (d withdraws)
term-offered-takeback = You asked to take back your last move (t withdraws)
term-offered-rematch = You offered a rematch
term-offered-cycle = You proposed to end the game as a cycle (e withdraws)
term-accepted = Accepted
term-declined = Declined
term-withdrawn = Withdrawn
term-refused = { $request }: { $message }
term-rematch-seat = Rematch: you play { $side } against { $name }.
term-reconnected = Reconnected. { $status }
term-connection-lost = Connection lost ({ $error }): trying again in { $seconds } s
term-state-unshowable = The server's game cannot be shown: { $error }
term-cycle-lapsed = The proposal to end the game as a cycle lapsed with the move. { $status }
term-rematch-agreed = Rematch agreed: taking your seat...

## Online play: the server's address and answers (net/)

term-link-bad = '{ $link }' is not an online game's address ({ $why }): give the invite link, e.g. http://127.0.0.1:8080/game/0123abcd...
term-link-scheme = it must start with http:// or https://
term-link-no-host = no host
term-link-path = its path must end in /game/ID
term-link-id = the game id is letters and digits
term-server-timeout = the server { $server } did not answer in time
term-server-unreachable = the server { $server } cannot be reached ({ $error })
term-http-setup = cannot set up the HTTP client: { $error }
term-answer-not-json = the server's answer is not the expected JSON: { $error }
term-server-answered = the server answered { $status }
term-answer-too-large = the server's answer is larger than { $mib } MiB: refused
term-state-refused = the server's game state is refused: { $error }
term-answer-refused-kept = the server's answer is refused ({ $error }); nothing was kept
term-no-such-game = there is no game { $id } on { $server }
term-not-online-link = { $link } is a game played on one device, not an online game
term-welcome-back = Welcome back: you play { $side } against { $name }.
term-welcome-account = Welcome back: your account's seat, you play { $side } against { $name }.
term-watching-full = You are watching: both seats are taken.
term-watching-free = You are watching: the seat stays free.
term-watching-ended = You are watching: the game has ended.
term-watching-because = You are watching: { $reason }.
term-join-no-token = the server's answer to joining has no seat token
term-join-no-seat = the server did not say which seat was taken
term-you-play = You play { $side } against { $name }.
term-req-move = Move { $pit }
term-req-resign = Resigning
term-req-abort = Aborting
term-req-offer = { $kind ->
    [draw] Offering a draw
    [takeback] Asking for a takeback
    [rematch] Offering a rematch
   *[cycle] Proposing to end the game as a cycle
}
term-req-accept = { $kind ->
    [draw] Accepting the draw
    [takeback] Accepting the takeback
    [rematch] Accepting the rematch
   *[cycle] Accepting to end the game as a cycle
}
term-req-decline = { $kind ->
    [draw] Declining the draw
    [takeback] Declining the takeback
    [rematch] Declining the rematch
   *[cycle] Declining to end the game as a cycle
}
term-req-withdraw = { $kind ->
    [draw] Withdrawing the draw offer
    [takeback] Withdrawing the takeback request
    [rematch] Withdrawing the rematch offer
   *[cycle] Withdrawing the proposal to end the game as a cycle
}
term-req-claim-win = Claiming the win
term-req-claim-draw = Claiming a draw
term-req-rematch = Joining the rematch
term-req-chat = Chat
term-net-thread = cannot start the network thread: { $error }
term-answer-refused = the server's answer is refused ({ $error })
term-rematch-no-seat = the server did not say which seat the rematch gave
term-server-address = the server's address { $server }: { $error }
term-chat-log-refused = Refused the server's chat: { $error }
term-chat-log-unread = The chat could not be read: { $error }
term-stream-idle = no news from the server for { $seconds } s
term-stream-closed = the server closed the connection
term-stream-dropped = { $error }: the connection is dropped
term-update-refused = Refused the server's update: { $error }
term-event-line-too-large = the server sent an event line larger than { $mib } MiB
term-event-too-large = the server sent an event larger than { $mib } MiB
term-seat-no-folder = no per-user data folder to keep the seat token in
term-seat-not-kept = cannot keep the seat token in { $path }: { $error }
term-login-no-folder = no per-user config folder to keep the log-in in
term-login-not-kept = cannot keep the log-in in { $path }: { $error }
term-login-cookie-refused = the server's session cookie is refused ({ $error }); nothing was kept
term-login-no-cookie = the server's answer to logging in sets no { $cookie } cookie; nothing was kept
term-logged-in = Logged in as { $name }.
term-login-ended = The log-in kept for { $server } has ended (oware login { $server } logs in again): you play as a guest.
term-login-hint = oware login { $server } logs in
term-login-no-name = the server's answer to logging in names no account; nothing was kept

## Online play: the chat (app/chat.rs, render.rs)

term-chat-open-players = Chat: type a message to your opponent, Enter sends it, Esc closes
term-chat-open-spectators = Chat: type a message to the spectators, Enter sends it, Esc closes
term-chat-empty = Nothing to send: type a message
term-chat-busy = Wait: your message is on its way
term-chat-sending = Sending your message...
term-chat-too-long = A message has { $max } characters at most
term-chat-arrived = { $name }: { $text } (m: chat)
term-chat-arrived-many = { $count ->
    [one] 1 message in the chat (m opens it)
   *[other] { $count } messages in the chat (m opens it)
}
term-chat-sent = Sent
term-chat-refused = Chat: { $error }
term-chat-spectator = { $name } (spectator)
term-chat-guest-spectator = { $name } (guest spectator)

## Online play: the screen's panes (render.rs). The info pane's labels (term-info-you,
## term-info-server, term-info-link) line up with info-position: 8 columns at most.

term-title-online = { $rated ->
    [yes] online  { $south } vs { $north }{ $clock } rated
   *[no] online  { $south } vs { $north }{ $clock }
}
term-seat-free = seat free
term-seat-away = away
term-label-thinking = thinking...
term-label-to-move = to move
term-pane-online = Online game
term-away-claim = { $name } is away: w claims the win, = a draw
term-info-you = you
term-info-play = { $count ->
    [0] play { $side }
    [one] play { $side }, 1 watching
   *[other] play { $side }, { $count } watching
}
term-info-watch = { $count ->
    [0] watch
    [one] watch, 1 watching
   *[other] watch, { $count } watching
}
term-info-server = server
term-info-connecting = connecting...
term-info-connected = connected
term-info-lost = connection lost ({ $error }), reconnecting
term-info-link = link
term-pane-moves-chat = Moves  m chat: { $count } new
term-chat-no-messages = no messages yet
term-pane-chat = Chat  Esc closes

## Both games (term.rs, tables.rs, app/)

term-too-small = The terminal is { $size }: oware play needs at least { $needed }. Enlarge the window, or press q to quit.
term-error-game-over = the game is over
term-error-empty-pit = pit { $pit } is empty
term-error-must-feed = must feed { $side }
term-error-grand-slam = a grand slam (capturing every opponent seed) is illegal while another move exists
term-error-wrong-side = it is { $side }'s turn
term-error-empty-row = a cycle can be ended by agreement only while both rows hold seeds: { $side }'s row is empty
term-animation-off = { $status } (animation off: slow terminal)
term-tables-present = { $dir } (0 to { $max } seeds)
term-tables-absent = none in { $dir }: oware egdb build
term-local-over = The game is over: n for a rematch, u to take back
term-wait-computer = Wait: the computer is thinking
term-nothing-to-undo = Nothing to take back
term-taken-back = Taken back ({ $count } to redo). { $status }
term-nothing-to-redo = Nothing to redo
term-opened = { $count ->
    [one] Opened { $name } (1 move). { $status }
   *[other] Opened { $name } ({ $count } moves). { $status }
}
term-saved = Saved to { $path }
term-cannot-save = Cannot save to { $path }: { $error }
term-cannot-open = Cannot open { $path }: { $error }
term-not-ogn = not an OGN game: { $error }
term-no-hint-now = No hint now: it is not your move
term-looking-for-hint = Looking for a hint...
term-game-is-over = The game is over
term-cycle-you-propose = You propose to end the game as a cycle (each keeps their row: South { $south }, North { $north }): the computer is considering it...
term-cycle-side-proposes = { $side } proposes to end the game as a cycle (each keeps their row: South { $south }, North { $north }). { $other }: y accept, n decline
term-cycle-computer-proposes = The computer proposes to end the game: the position cycles (each keeps their row: South { $south }, North { $north }). y accept, n decline
term-cycle-computer-accepts = The computer accepts. { $status }
term-cycle-computer-declines = The computer declines: it can do better than the split. Your move
term-cycle-you-accept = You accept. { $status }
term-cycle-side-accepts = { $side } accepts. { $status }
term-cycle-you-decline = You decline: the game goes on. { $status }
term-cycle-side-declines = { $side } declines: the game goes on. { $status }
term-cycle-answer-first = Answer the proposal first: y to end the game as a cycle, n to play on
term-cycle-wait-computer = Wait: the computer is considering your proposal
term-name-you = you
term-name-computer = computer ({ $level })
term-name-player = player
term-name-online-you = { $name } (you)
term-analysis-stopped = Analysis stopped
term-analysis-over = The game is over: nothing to analyse
term-analysing = Analysing (a to stop)
term-copied = Copied { $position }
term-cancelled = Cancelled
term-no-file-name = No file name given
term-not-your-pit = That is { $owner }'s pit: it is { $side }'s move
term-engine-refused = The engine's move was refused: { $error }
term-hint = Hint: pit { $pit } (score { $score }); Enter plays it

## What the terminal refuses of a server's answer (wire.rs, checked.rs)

term-bad-move-letter = a move letter must be an ASCII letter
term-server-rules = the server's rules '{ $rules }': { $error }
term-server-start = the server's start position '{ $position }': { $error }
term-server-move-text = the server's move { $number }: { $error }
term-server-move = the server's move { $number } ({ $pit }): { $error }
term-server-cycle = the server's agreed cycle: { $error }
term-chat-no-text = a chat message without text
term-chat-anonymous = Spectator
term-chat-message-refused = Refused the server's chat message: { $error }
term-bad-game-id = a game id must be 1 to { $max } ASCII letters and digits
term-bad-seat-token = a seat token must be 1 to { $max } ASCII letters and digits
term-bad-session = a session cookie must be { $length } hexadecimal digits

## The command `oware play` (crates/oware-cli/src/cmd/play.rs): its errors and the summary it
## prints when the game's screen closes

term-cannot-read-game = cannot read the game file { $path }
term-needs-terminal = oware play needs a terminal (standard input and output must be one)
term-terminal-broke = the terminal failed
term-new-flags-need-server = --new, --clock, --side, --private and --rated are for a new game: give the server's address ({ $server }), not a game's link
term-watch-needs-link = --watch needs a game's link (http://HOST:PORT/game/ID)
term-bad-side = --side must be S, N or random, not '{ $side }'
term-game-goes-on = The game goes on at { $link }: oware play --online { $link } takes your seat back.
term-summary = { $count ->
    [one] oware play: 1 move
   *[other] oware play: { $count } moves
}
term-summary-end = { $count ->
    [one] oware play: 1 move, { $end }
   *[other] oware play: { $count } moves, { $end }
}
term-summary-moves = moves
term-summary-ratings = ratings
