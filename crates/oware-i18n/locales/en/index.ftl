# The game page (static/index.html): the board, the side panels and the dialogs.
# The page's scripts have their own messages in scripts-game.ftl.

home-title = { -brand }
home-description = Play { -brand } (abapa) in your browser against the computer or a friend.
home-skip = Skip to the board
home-new-game = New game
home-review-game = Review the game
home-loading = Loading…

# The board and the players
home-name-computer = Computer
home-name-you = You
home-captured-seeds = captured seeds
# After the scores beside the names ("0 captured", "25 in all"): shown by style.css from the
# attributes data-captured and data-final.
home-score-captured = captured
home-score-final = in all
home-board = { -brand } board
home-store = store
home-pits-top = Opponent's pits
home-pits-bottom = Your pits

# The online panel (its texts come from the online game's scripts)
home-online-game = Online game
home-invite-title = Invite a player
home-invite-link = Invite link
home-copy-link = Copy link
home-your-name = Your name
home-guest = Guest
home-take-seat = Take the free seat
home-online-actions = Online game actions
home-players = Players
home-chat = Chat
home-chat-hide = Hide the chat
home-spectator = Spectator
home-chat-message = Message
home-chat-placeholder = Write a message (140 characters at most)
home-chat-send = Send

# Under the board
home-replay-earlier = Viewing an earlier position
home-back-to-game = Back to the game
home-controls = Game controls
home-undo-title = Undo (U)
home-undo = Undo
home-redo-title = Redo (R)
home-redo = Redo
home-hint-title = Hint (H)
home-hint = Hint
home-cycle-title = Propose to end the game: the position cycles (each player takes the seeds on their own row)
home-cycle = End as a cycle
home-animation = Animation
home-speed-auto = Auto
home-speed-slow = Slow
home-speed-normal = Normal
home-speed-fast = Fast
home-speed-off = Off

# The keys' help lines: "Keys:", then each key and what it does.
home-keys = Keys:
home-key-pits = play your pits left to right
home-key-analyse-online = analyse (watching, or after the game)
home-key-analyse = analyse
home-key-replay = replay
home-key-new = new game
home-key-undo = undo
home-key-redo = redo
home-key-hint = hint

# The side panels
home-daily-title = Puzzle of the day
home-daily-help = Find the only good move, then the next ones to the end of the line. Rated like a game.
home-daily-solve = Solve the puzzle of the day
home-daily-more = More puzzles
# The game page's heading, for screen readers (the board is the page).
home-heading = Play Oware
home-learn-title = New to { -brand }?
home-learn-text = Short lessons on the board, from the first sowing to the end of a game.
home-learn-link = Learn to play
home-your-turn = Your turn
home-pool-title = Quick pairing
home-pool-help = An opponent of your strength: rated between accounts, casual for guests.
home-pools = Pools
home-pool-bots = Play a house bot if no one comes within { $seconds } s
home-cancel = Cancel
home-bots-online = Bots online
home-lobby-title = Lobby
home-lobby-help = Open challenges from people waiting for an opponent. Accept one to play.
home-moves = Moves
home-move-list = Move list (OGN)
home-replay = Replay
home-nav-first = Start position
home-nav-prev = Previous move
home-nav-next = Next move
home-nav-last = Current position
home-review-title = Review
home-review-close = Close the review
home-review-again = Review it again
home-analysis-title = Analysis
home-analyse = Analyse
home-best-line = Best line
home-depth = Depth
home-nodes = Nodes
home-egdb = Endgame database
home-record-title = Record
home-position-text = Position text
home-copy = Copy
home-download-ogn = Download OGN
home-copy-ogn = Copy OGN
home-import-ogn = Import OGN…
home-rules = Rules:
home-rules-standard = abapa (standard)

# The New game dialog
home-opponent = Opponent
home-easy = Easy
home-easy-note = relaxed, makes mistakes
home-medium = Medium
home-medium-note = looks a few moves ahead
home-hard = Hard
home-hard-note = a strong club player
home-expert = Expert
home-expert-note = everything we have
home-friend = A friend
home-friend-note = two players, this device
home-online = A person online
home-online-note = invite link or the lobby
home-who-starts = Who starts?
home-starts-you = You
home-starts-computer = The computer
home-names = Names
home-optional = (optional)
home-name-south = Bottom row (starts)
home-name-north = Top row
home-south = South
home-north = North
home-time-control = Time control
home-time-control-note = (minutes + seconds a move)
home-no-clock = No clock
home-correspondence = Correspondence
home-days-none = no: the time control above
home-days = { $count ->
    [one] { $count } day a move
   *[other] { $count } days a move
}
home-range = Opponents rated
home-range-note = (optional; needs a clock)
home-range-from = from
home-range-to = to
home-you-play = You play
home-color-random = Random
home-moves-first = moves first
home-rated = Rated
home-rated-note = log in to play rated games (standard rules, with a clock)
home-advice = Spectators may advise
home-advice-note = the players see the spectators' chat too (casual games only)
home-who-joins = Who may join?
home-anyone = Anyone
home-anyone-note = post it to the lobby
home-invite-only = Invite only
home-invite-only-note = whoever has the link
home-rule-options = Rule options
home-rule-options-note = (abapa by default)
home-grand-slam = Grand slam (a move that would take all the opponent's seeds)
home-gs-no-capture = captures nothing (default)
home-gs-illegal = is not allowed unless forced
home-gs-to-opponent = captures, the rest goes to the opponent
home-gs-leave-last = captures all but the last pit
home-gs-leave-first = captures all but the first pit
home-repetition = A repeated position ends the game
home-rep-third = the third time (default)
home-rep-first = the first time
home-cycle-seeds = Seeds left after a repetition
home-cs-own-row = each player keeps their own row (default)
home-cs-even = are split evenly
home-start = Start

# The Import dialog
home-import-title = Import a game (OGN)
home-import-help-html = Paste an OGN record: tags like <code>[FEN "…"]</code>, then moves like <code>1. C b 2. F+2 a</code>.
home-import-against = Continue against
home-import-easy = Computer – Easy
home-import-medium = Computer – Medium
home-import-hard = Computer – Hard
home-import-expert = Computer – Expert
home-import-friend = A friend on this device
home-import = Import

# The confirmation and the end of the game
home-confirm-no = No, keep playing
home-confirm-yes = Yes, resign
home-game-over = Game over
home-end-player = Player
home-end-captured = Captured
home-end-shared = Shared at the end
home-end-final = Final
home-close = Close
home-rematch = Rematch
