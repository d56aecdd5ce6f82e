# The server's error answers (`{"error": …, "code": …}`) for players of other languages: one
# message `error-{code}` per code, listed in crates/oware-server/src/http/error_ids.rs. English
# answers keep the server's own sentence, which may say more; these are what the other
# languages translate. Each sentence is true of every place that sends its code. Variables:
# `$seconds` (when to try again) where the answer has a Retry-After; the others are named where
# they are used.

## Moves and games

error-bad-move = This is not a move: choose one of your pits.
error-empty-pit = This pit is empty: choose a pit with seeds.
error-game-over = The game is over.
error-grand-slam = This move would capture all your opponent's seeds (a grand slam), which these rules forbid while another move exists.
error-illegal-move = This move is not allowed here: choose another.
error-must-feed = Your opponent has no seeds: you must play a pit that gives them some.
error-not-your-turn = It is not your turn.
error-wrong-side = This pit is not in the row of the player to move.
error-wrong-capture = The capture written with this move is not what it captures here.
error-nothing-to-undo = There is no move of yours to take back.
error-nothing-to-redo = There is no move to redo.
error-nothing-to-take-back = There is no move of yours to take back.
error-not-in-online-games = Online games have no undo or redo: ask your opponent for a takeback.
error-not-online = This game is played on one device, not online.
error-cycle-declined = The computer has already declined to end the game here: play on.
error-cannot-agree-cycle = The game cannot be ended by agreement now: it is over, or a row is empty.
error-no-analysis-during-play = Analysis is not available to the players while the game is going on.
error-bad-ply = There is no such position in this game: choose a move it has.
error-bad-ogn = This game record cannot be read: check it and try again.
error-bad-rules = These rules are not known: choose rules from the list.
error-bad-side = The side is South (S) or North (N).
error-bad-opponent = Choose an opponent: the computer (easy, medium, hard, expert) or a friend.
error-conflicting-options = These settings do not go together: choose one of them.
error-not-applicable = This setting does not apply to this kind of game: leave it out.
error-unknown-game = There is no game at this address: it may have been removed.

## Online games, offers and challenges

error-no-token = This game does not know you: open it from the device you play on.
error-wrong-token = This game does not know you: open it from the device you play on.
error-not-your-seat = Only the game's players can do this.
error-seat-taken = Someone else took this seat first: you can watch the game.
error-not-open = This challenge is no longer open.
error-not-started = The game has not started: wait for an opponent.
error-own-challenge = This is your own challenge: send its link to your opponent.
error-log-in-to-join = This game is for players with a rating: log in to play it.
error-out-of-range = This challenge is for players of another rating.
error-not-rated = This game cannot count for the ratings: a rated game needs a clock, the standard rules (abapa) and players who are logged in.
error-bad-range = The rating range is two ratings from 0 to 4000, the lower first, and it needs a clock.
error-no-advice-in-rated-games = A rated game cannot be opened to advice from spectators.
error-bad-clock = These clock settings cannot be used: choose a time control from the list.
error-bad-color = Choose a side: random, South or North.
error-cannot-abort = Both sides have moved: the game can no longer be aborted (resign or offer a draw).
error-cannot-claim = You cannot claim now: only the player waiting for a move that does not come may claim.
error-bad-claim = This claim is not known: claim a win or a draw.
error-bad-action = This answer is not known: offer, accept, decline or withdraw.
error-bad-offer = This offer cannot be made this way.
error-already-offered = You have already made this offer: wait for the answer.
error-no-offer = There is no such offer to answer or withdraw: it may have been withdrawn or have lapsed.
error-offer-too-soon = Your last offer was declined or withdrawn: you may offer again in { $seconds ->
        [one] one second.
       *[other] { $seconds } seconds.
    }
error-not-over = A rematch can be offered once the game is over.
error-rematch-made = The rematch has already been arranged.
error-bad-presence-key = This page has lost its link to the game: reload it.
error-no-watcher = Reload the game to see its analysis.
error-review-after-the-game = An online game is reviewed once it is over.
error-nothing-to-review = The game has no moves to review yet.
error-bad-depth = The depth of a review is { $min } to { $max } moves.
error-too-many-reviews = { $count ->
        [one] A review of yours is running already: wait for it to finish.
       *[other] { $count } reviews of yours are running already: wait for one to finish.
    }

## The lobby and the pools

error-lobby-full = The lobby is full: accept a challenge there, or create the game without listing it and send its link.
error-too-many-challenges = You have enough challenges open already: wait for one to be accepted, or cancel one.
error-no-such-challenge = This challenge is no longer open: it was answered, withdrawn or has lapsed.
error-no-such-pool = There is no such pool: choose one from the list.
error-no-such-ticket = You are no longer waiting in this pool: join it again.
error-already-waiting = You are already waiting in a pool: leave it first.
error-already-paired = Too late to leave: your game has started.
error-pool-full = The pools are full: try again in a minute, or post a challenge in the lobby.
error-too-many-tickets = Guests from your address are already waiting in the pools: wait for their games, or log in.
error-no-bots-in-arenas = The arenas are for people: bots play by challenge.
error-no-bots-in-pools = The pools are for people: bots play by challenge.

## Chat

error-empty-message = Write something first: the message is empty.
error-message-too-long = { $max ->
        [one] A message has at most one character.
       *[other] A message has at most { $max } characters.
    }
error-bad-characters = A message is one line of visible text.
error-too-many-marks = { $max ->
        [one] A letter carries at most one accent or mark.
       *[other] A letter carries at most { $max } accents or marks.
    }
error-character-too-long = One of the characters of this message is too long: remove it.
error-chat-too-fast = You are writing too fast: wait { $seconds ->
        [one] one second.
       *[other] { $seconds } seconds.
    }
error-players-room = Only the two players write in the players' room: spectators write in the spectators' room.
error-spectators-room = Players write in the players' room: the spectators' room is for the spectators.
error-bad-room = There is no such room: the rooms are the players' and the spectators'.
error-reserved-name = This name is one of the site's own words: choose another.
error-name-taken = This name is taken: choose another.

## Accounts

error-bad-credentials = The name or the password is wrong.
error-bad-name = { $of ->
        [tournament] This name belongs to the site's own tournaments: choose another.
       *[account] A user name has { $min } to { $max } characters: letters (a–z, A–Z), digits, “_” and “-”, and is not one of the site's own words.
    }
error-bad-password = A password has { $min } to { $max } characters, is not one of the most common passwords and is not the user name.
error-bad-reset = This reset link is unknown, used or expired: ask for a new one.
error-not-logged-in = You are not logged in: log in first.
error-no-such-player = There is no player by this name.
error-too-many-attempts = Too many attempts: try again in { $seconds ->
        [one] one second.
       *[other] { $seconds } seconds.
    }
error-too-many-sign-ups = Too many accounts were created from this address: try again in { $seconds ->
        [one] one second.
       *[other] { $seconds } seconds.
    }
error-busy = The server is busy checking passwords: try again in a moment.
error-bad-lang = The site does not speak this language.
error-foreign-origin = This request came from another site with your session: it was refused.
error-session-required = This needs you to be logged in on the site, not an API token.

## Bots and API tokens

error-token-required = This needs an API token, not a session.
error-bad-token = This API token is unknown or was revoked.
error-missing-scope = This API token does not allow this: make one with the right scope.
error-bad-scope = These scopes are not known: choose them from the list.
error-bad-description = { $max ->
        [one] A token's description is one byte of text.
       *[other] A token's description has 1 to { $max } bytes of text.
    }
error-too-many-tokens = { $max ->
        [one] An account may hold one token: revoke it before making another.
       *[other] An account may hold { $max } tokens: revoke one before making another.
    }
error-no-such-token = This account has no such token.
error-has-played = Only an account that has never played a game can become a bot.
error-not-a-bot = This account is not a bot: upgrade it first.
error-bad-reason = This reason is not known: choose one from the list.
error-bad-answer = The answer is yes or no.

## Tournaments

error-not-found = There is nothing at this address: check it.
error-bad-kind = A tournament is an arena or a Swiss.
error-bad-length = This length cannot be used: choose one from the list.
error-bad-size = This number of players cannot be used: choose one from the list.
error-bad-start = This starting time is too far ahead: choose a nearer one.
error-too-many-tournaments = You already have enough tournaments that are not finished: wait for one to end.
error-tournament-full = This tournament is full.
error-tournament-finished = Too late: this tournament is over or in its last round.
error-not-a-player = You are not a player of this tournament.
error-withdrawn = You withdrew from this Swiss tournament: you cannot come back.
error-no-berserk = Berserk is for arenas only.
error-berserk-too-late = Berserk only before your first move.
error-no-clock = This game has no clock.
error-no-game = You have no game in play in this tournament.

## Puzzles, lessons, the leaderboard

error-no-such-puzzle = There is no such puzzle.
error-no-puzzle-left = No puzzle of this theme is left to play: choose another theme.
error-bad-theme = This theme is not known: choose one from the list.
error-not-played = Play the puzzle before voting on it.
error-no-such-lesson = There is no such lesson.
error-no-such-step = This lesson has no such step.
error-bad-moves = These moves cannot be read: start the step again.
error-bad-stars = These stars cannot be saved: reload the page.
error-not-solved = These moves do not solve the step: no stars are kept.
error-bad-question = This question is not valid: reload the page.
error-bad-bots = Choose games with bots, without bots, or only games with a bot.
error-bad-category = The categories are blitz, rapid and correspondence.
error-bad-channel = The TV channels are the best game, bots and the tournament.
error-bad-qr-text = This address cannot be shown as a QR code.

## Limits and the server

error-too-many-games = Too many games were created from your address: wait { $seconds ->
        [one] one second,
       *[other] { $seconds } seconds,
    } or go on with one of them.
error-too-many-live-games = You have as many online games going as an account may: finish or resign some before starting another.
error-too-many-engine-jobs = Too many searches of the computer from your address: wait { $seconds ->
        [one] one second.
       *[other] { $seconds } seconds.
    }
error-too-many-streams = Too many pages of the site are open from your address: close a tab, or wait for a game to end.
error-too-many-clients = Too many people are playing right now: try again in { $seconds ->
        [one] one second.
       *[other] { $seconds } seconds.
    }
error-engine-busy = The computer is busy: try again in { $seconds ->
        [one] one second.
       *[other] { $seconds } seconds.
    }
error-conflict = The game was changed elsewhere at the same moment: reload it and try again.
error-storage = The game could not be read or saved just now: try again shortly.
error-internal = Something went wrong on the server: try again, and tell us if it goes on.
error-unknown-host = This server does not answer to this address.
error-bad-request = This request cannot be read: reload the page and try again.
error-bad-json = This request cannot be read: reload the page and try again.
error-bad-field = This request has a wrong value: reload the page and try again.
error-bad-body = This request cannot be read: reload the page and try again.
error-bad-path = This address is not valid: check it.
error-bad-query = This address has a wrong value: check it.
error-content-type = This request must be sent as JSON.
error-body-too-large = This request is too large for the server: send less.
error-body-timeout = The request stopped arriving before it was complete: check your connection and try again.
error-method-not-allowed = This address does not answer this kind of request.

# The analysis board and the board editor (POST /api/position).
error-bad-position = This is not position text: twelve pit counts, two stores and the side to move, joined by dashes.
error-seed-count = The pits and the stores must hold 48 seeds in all.
error-position-won = A side has already captured more than half the seeds here: the game is over.
error-position-drawn = Each side has already captured 24 seeds here: the game is drawn.
error-no-legal-move = The side to move has no legal move here, so the rules end the game.
error-bad-record = This game record cannot be read at line { $line }, column { $column }: check it there and try again.

## Classes (issue 56).

error-bad-pupils = Give at least one pupil's name.
error-bad-work = This work cannot be given: check the kind, what and the date.
error-bad-level = A counting level is 1 to 4.
error-bad-sheet = This sheet number is out of range.
error-pupil-safe = A pupil's account plays and chats only with its class and the computer until the teacher opens it.
error-too-many-classes = You have as many classes as allowed: delete one first.
error-too-many-rounds = You have sent as many puzzles played offline as a day allows: the rest are kept and sent tomorrow.
error-too-many-pupils = This class has as many pupils as allowed.
error-too-much-work = This class has as much work as allowed: remove some first.
