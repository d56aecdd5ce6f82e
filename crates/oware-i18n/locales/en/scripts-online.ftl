# Online play in the browser: the online game (online.js), its panel of offers and actions (offers.js),
# the lobby (lobby.js), the pools and "Your turn" (pool.js), the chat (chat.js), the API tokens (tokens.js).
# $side is a seat code: S (South) or N (North).

## online.js

online-not-online = This address is not an online game.
online-welcome-back = { $side ->
    [S] Welcome back: you play South.
   *[N] Welcome back: you play North.
}
online-you-watch = You are watching this game.
online-you-play = { $side ->
    [S] You play South against { $opponent }.
   *[N] You play North against { $opponent }.
}
online-refuse-watching = You are watching: only the players move.
online-refuse-no-opponent = Wait for an opponent to join.
online-refuse-their-move = Wait: it is { $name }'s move.
online-you-resigned = You resigned.
online-game-aborted = Game aborted.

## offers.js

online-side = { $side ->
    [S] South
   *[N] North
}
online-accept = Accept
online-decline = Decline
online-withdraw = Withdraw
online-invite-private = Send this link to the person you want to play. Only someone with the link can join.
online-invite-lobby = Send this link, or wait: the challenge is also listed in the lobby on the home page.
online-invite-rated = The game is rated: your opponent needs an account.
online-qr-alt = QR code of the invite link, for a phone's camera
online-join-clock = { $side ->
    [S] { $creator } invites you to play. You would play South, { $minutes }+{ $increment }.
   *[N] { $creator } invites you to play. You would play North, { $minutes }+{ $increment }.
}
online-join-no-clock = { $side ->
    [S] { $creator } invites you to play. You would play South, without a clock.
   *[N] { $creator } invites you to play. You would play North, without a clock.
}
online-join-rated = The game is rated.
online-join-rated-log-in = The game is rated: log in (at the top of the page) to take the seat.
online-seat-free = { $side ->
    [S] Free seat (South): waiting for a player
   *[N] Free seat (North): waiting for a player
}
online-seat-connected = { $side ->
    [S] { $name } (South): connected
   *[N] { $name } (North): connected
}
online-seat-away = { $side ->
    [S] { $name } (South): not connected
   *[N] { $name } (North): not connected
}
online-seat-you-connected = { $side ->
    [S] { $name } (South, you): connected
   *[N] { $name } (North, you): connected
}
online-seat-you-away = { $side ->
    [S] { $name } (South, you): not connected
   *[N] { $name } (North, you): not connected
}
online-spectators = { $count ->
    [0] Nobody is watching.
   *[other] { $count } watching.
}
online-you-offer-draw = You offered a draw.
online-you-offer-takeback = You asked to take back your last move.
online-you-offer-rematch = You offered a rematch.
online-you-offer-cycle = You offered to end the game: the position cycles (each player takes the seeds on their own row).
online-they-offer-draw = { $name } offers a draw.
online-they-offer-takeback = { $name } asks to take back their last move.
online-they-offer-rematch = { $name } offers a rematch.
online-they-offer-cycle = { $name } offers to end the game: the position cycles (each player takes the seeds on their own row).
online-watch-offer-takeback = { $name } asks for a takeback.
online-cancel-challenge = Cancel the challenge
online-abort = Abort
online-resign = Resign
online-resign-confirm = Resign this game? Your opponent wins.
online-offer-draw = Offer a draw
online-ask-takeback = Ask for a takeback
online-propose-cycle = Propose: the position cycles
online-opponent-left = { $name } has left the game.
online-claim-win = Claim the win
online-claim-draw = Call it a draw
online-opponent-away = { $seconds ->
    [one] { $name } is not connected. If they do not come back within { $seconds } second, you may claim the game.
   *[other] { $name } is not connected. If they do not come back within { $seconds } seconds, you may claim the game.
}
online-go-to-rematch = Go to the rematch
online-watch-rematch = Watch the rematch
online-rematch = Rematch
online-accept-rematch = Accept the rematch
online-rematch-offered = Rematch offered
online-home-lobby = Home and lobby
online-invite-copied = Invite link copied.
online-invite-copy-refused = Select the link and copy it (the browser did not allow copying).

## lobby.js

online-color-random = colour drawn at random
online-color-south = plays South
online-color-north = plays North
online-days-per-move = { $days ->
    [one] { $days } day a move
   *[other] { $days } days a move
}
online-no-clock = no clock
online-lobby-range = for { $low }–{ $high }
online-lobby-rules = rules: { $rules }
online-rated = rated
online-casual = casual
online-lobby-empty = No open challenges. Post one: New game → A person online.
online-someone = Someone
online-lobby-yours = Yours: open
online-lobby-accept-named = Accept the challenge of { $name }: { $details }
online-lobby-accept = Accept the challenge: { $details }

## pool.js

online-time-days = { $days } d { $hours } h
online-time-hours = { $hours } h { $minutes } min
online-time-minutes = { $minutes } min { $seconds } s
online-pool-waiting-rated = Waiting for an opponent in { $pool } (rated)
online-pool-waiting-casual = Waiting for an opponent in { $pool } (casual)
online-pool-range = opponents { $low }–{ $high }
online-pool-bot-after = a house bot plays you after { $seconds } s
online-pool-waited = { $seconds } s
online-pool-found = Opponent found: opening the game…
online-pool-lost = You left the pool (the connection was lost). Press a pool to wait again.
online-turn-against = vs { $name }
online-turn-against-someone = vs someone
online-turn-live = live
online-turn-time-left = { $time } left
online-bot-house = house bot, { $level }
online-bot-house-easy = house bot, easy
online-bot-house-medium = house bot, medium
online-bot-house-hard = house bot, hard
online-bot-house-expert = house bot, expert
online-bot = bot

## chat.js

online-chat-verified-title = Logged in to this account
online-chat-verified = verified account
online-chat-tag-side = { $side ->
    [S] (South)
   *[N] (North)
}
online-chat-tag-spectator = (spectator)
online-chat-tag-guest = (guest spectator)
online-chat-empty = No messages yet.
online-chat-mute = Mute
online-chat-mute-title = Hide the messages of { $name }
online-chat-muted = Muted: { $count }.
online-chat-unmute = Show everyone again
online-chat-show = Show the chat
online-chat-hide = Hide the chat
online-chat-note-player-advice = You talk with your opponent. This game is open to advice: the spectators' messages show here too.
online-chat-note-player = You talk with your opponent. Spectators read this; their own room is hidden from the players.
online-chat-note-spectator-advice = You write in the spectators' room. This game is open to advice: the players read it too.
online-chat-note-spectator = You write in the spectators' room; the players do not see it. You read the players' messages.

## tokens.js

online-tokens-title = API tokens
online-tokens-intro = A token lets a program, such as a bot, play as this account.
online-token-purpose = What it is for
online-token-scopes = It may
online-token-copy-now = Copy it now: it is shown only this once.
online-tokens-close = Close
online-token-create = Create a token
online-tokens-none = No tokens.
online-token-revoke = Revoke
online-token-used = ({ $scopes }); made { $made }, last used { $used }
online-token-unused = ({ $scopes }); made { $made }, never used

## Challenges between accounts (challenge.js), the BOT mark
online-tokens-guide = Read the bots' guide
online-pool-bots = Play a house bot if no one comes within { $seconds } s
online-bot-mark = BOT
online-bot-mark-title = This player is a program (a bot)
online-challenge = Challenge
online-challenge-title = Challenge { $name }
online-challenge-clock = Time control
online-challenge-no-clock = No clock
online-challenge-rated = Rated (needs a clock)
online-challenge-side = You play
online-challenge-side-random = A side drawn at random
online-challenge-side-south = South
online-challenge-side-north = North
online-challenge-send = Send the challenge
online-challenge-cancel = Cancel
online-challenge-from = Challenge from { $name }
online-challenge-incoming = { $name } challenges you: { $terms }
online-challenge-terms-rated = rated
online-challenge-terms-casual = casual
online-challenge-terms-random = sides drawn at random
online-challenge-terms-you-south = you play South
online-challenge-terms-you-north = you play North
online-challenge-accept = Accept
online-challenge-decline = Decline
online-challenge-reason = Reason
online-challenge-reason-generic = no reason given
online-challenge-reason-later = not now, ask again later
online-challenge-reason-too-fast = this clock is too fast
online-challenge-reason-too-slow = this clock is too slow
online-challenge-reason-time-control = not with this time control
online-challenge-reason-rated = casual games only
online-challenge-reason-casual = rated games only
online-challenge-reason-no-bot = no games against bots
online-challenge-reason-only-bot = games against bots only
online-challenge-waiting = Waiting for { $name } to answer your challenge
online-challenge-withdraw = Withdraw
online-challenge-declined = { $name } declined your challenge: { $reason }.
online-challenge-offline = { $name } is not online: your challenge was declined.
online-challenge-expired = { $name } did not answer your challenge in time.
online-challenge-close = Close
