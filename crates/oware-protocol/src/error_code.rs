//! The machine-readable code of every error answer ([`ErrorCode`], `ErrorBody::code`): one
//! list, which the server's answers, its message catalogue (`error-{code}` in `errors.ftl`) and
//! the page's declarations (`ErrorCode`, a union of the names) all read.

use crate::kinds::wire_enum;

wire_enum! {
    /// What went wrong, as a word a client can branch on (`{"error": …, "code": …}`): each
    /// has its message `error-{code}` in every language of the catalogue. The doc line of each
    /// is its English message.
    pub enum ErrorCode: "an error code", "kebab-case" {
        /// You have already made this offer: wait for the answer.
        AlreadyOffered,
        /// Too late to leave: your game has started.
        AlreadyPaired,
        /// You are already waiting in a pool: leave it first.
        AlreadyWaiting,
        /// This answer is not known: offer, accept, decline or withdraw.
        BadAction,
        /// The answer is yes or no.
        BadAnswer,
        /// This request cannot be read: reload the page and try again.
        BadBody,
        /// Choose games with bots, without bots, or only games with a bot.
        BadBots,
        /// The categories are blitz, rapid and correspondence.
        BadCategory,
        /// The TV channels are the best game, bots and the tournament.
        BadChannel,
        /// A message is one line of visible text.
        BadCharacters,
        /// This claim is not known: claim a win or a draw.
        BadClaim,
        /// These clock settings cannot be used: choose a time control from the list.
        BadClock,
        /// Choose a side: random, South or North.
        BadColor,
        /// The name or the password is wrong.
        BadCredentials,
        /// The depth of a review is `min` to `max` moves.
        BadDepth,
        /// { $max ->
        BadDescription,
        /// This request has a wrong value: reload the page and try again.
        BadField,
        /// This request cannot be read: reload the page and try again.
        BadJson,
        /// A tournament is an arena or a Swiss.
        BadKind,
        /// The site does not speak this language.
        BadLang,
        /// This length cannot be used: choose one from the list.
        BadLength,
        /// A counting level is 1 to 4.
        BadLevel,
        /// This is not a move: choose one of your pits.
        BadMove,
        /// These moves cannot be read: start the step again.
        BadMoves,
        /// { $of ->
        BadName,
        /// This offer cannot be made this way.
        BadOffer,
        /// This game record cannot be read: check it and try again.
        BadOgn,
        /// Choose an opponent: the computer (easy, medium, hard, expert) or a friend.
        BadOpponent,
        /// A password has `min` to `max` characters, is not one of the most common passwords and is
        /// not the user name.
        BadPassword,
        /// This address is not valid: check it.
        BadPath,
        /// There is no such position in this game: choose a move it has.
        BadPly,
        /// This is not position text: twelve pit counts, two stores and the side to move, joined by
        /// dashes.
        BadPosition,
        /// This page has lost its link to the game: reload it.
        BadPresenceKey,
        /// Give at least one pupil's name.
        BadPupils,
        /// This address cannot be shown as a QR code.
        BadQrText,
        /// This address has a wrong value: check it.
        BadQuery,
        /// This question is not valid: reload the page.
        BadQuestion,
        /// The rating range is two ratings from 0 to 4000, the lower first, and it needs a clock.
        BadRange,
        /// This reason is not known: choose one from the list.
        BadReason,
        /// This game record cannot be read at line `line`, column `column`: check it there and try
        /// again.
        BadRecord,
        /// This request cannot be read: reload the page and try again.
        BadRequest,
        /// This reset link is unknown, used or expired: ask for a new one.
        BadReset,
        /// There is no such room: the rooms are the players' and the spectators'.
        BadRoom,
        /// These rules are not known: choose rules from the list.
        BadRules,
        /// These scopes are not known: choose them from the list.
        BadScope,
        /// This sheet number is out of range.
        BadSheet,
        /// The side is South (S) or North (N).
        BadSide,
        /// This number of players cannot be used: choose one from the list.
        BadSize,
        /// These stars cannot be saved: reload the page.
        BadStars,
        /// This starting time is too far ahead: choose a nearer one.
        BadStart,
        /// This theme is not known: choose one from the list.
        BadTheme,
        /// This API token is unknown or was revoked.
        BadToken,
        /// This work cannot be given: check the kind, what and the date.
        BadWork,
        /// Berserk only before your first move.
        BerserkTooLate,
        /// The request stopped arriving before it was complete: check your connection and try
        /// again.
        BodyTimeout,
        /// This request is too large for the server: send less.
        BodyTooLarge,
        /// The server is busy checking passwords: try again in a moment.
        Busy,
        /// Both sides have moved: the game can no longer be aborted (resign or offer a draw).
        CannotAbort,
        /// The game cannot be ended by agreement now: it is over, or a row is empty.
        CannotAgreeCycle,
        /// You cannot claim now: only the player waiting for a move that does not come may claim.
        CannotClaim,
        /// One of the characters of this message is too long: remove it.
        CharacterTooLong,
        /// You are writing too fast: wait { $seconds ->
        ChatTooFast,
        /// The game was changed elsewhere at the same moment: reload it and try again.
        Conflict,
        /// These settings do not go together: choose one of them.
        ConflictingOptions,
        /// This request must be sent as JSON.
        ContentType,
        /// The computer has already declined to end the game here: play on.
        CycleDeclined,
        /// Write something first: the message is empty.
        EmptyMessage,
        /// This pit is empty: choose a pit with seeds.
        EmptyPit,
        /// The computer is busy: try again in { $seconds ->
        EngineBusy,
        /// This request came from another site with your session: it was refused.
        ForeignOrigin,
        /// The game is over.
        GameOver,
        /// This move would capture all your opponent's seeds (a grand slam), which these rules
        /// forbid while another move exists.
        GrandSlam,
        /// Only an account that has never played a game can become a bot.
        HasPlayed,
        /// This move is not allowed here: choose another.
        IllegalMove,
        /// Something went wrong on the server: try again, and tell us if it goes on.
        Internal,
        /// The lobby is full: accept a challenge there, or create the game without listing it and
        /// send its link.
        LobbyFull,
        /// This game is for players with a rating: log in to play it.
        LogInToJoin,
        /// { $max ->
        MessageTooLong,
        /// This address does not answer this kind of request.
        MethodNotAllowed,
        /// This API token does not allow this: make one with the right scope.
        MissingScope,
        /// Your opponent has no seeds: you must play a pit that gives them some.
        MustFeed,
        /// This name is taken: choose another.
        NameTaken,
        /// A rated game cannot be opened to advice from spectators.
        NoAdviceInRatedGames,
        /// Analysis is not available to the players while the game is going on.
        NoAnalysisDuringPlay,
        /// Berserk is for arenas only.
        NoBerserk,
        /// The arenas are for people: bots play by challenge.
        NoBotsInArenas,
        /// The pools are for people: bots play by challenge.
        NoBotsInPools,
        /// This game has no clock.
        NoClock,
        /// You have no game in play in this tournament.
        NoGame,
        /// The side to move has no legal move here, so the rules end the game.
        NoLegalMove,
        /// There is no such offer to answer or withdraw: it may have been withdrawn or have lapsed.
        NoOffer,
        /// No puzzle of this theme is left to play: choose another theme.
        NoPuzzleLeft,
        /// This challenge is no longer open: it was answered, withdrawn or has lapsed.
        NoSuchChallenge,
        /// There is no such lesson.
        NoSuchLesson,
        /// There is no player by this name.
        NoSuchPlayer,
        /// There is no such pool: choose one from the list.
        NoSuchPool,
        /// There is no such puzzle.
        NoSuchPuzzle,
        /// This lesson has no such step.
        NoSuchStep,
        /// You are no longer waiting in this pool: join it again.
        NoSuchTicket,
        /// This account has no such token.
        NoSuchToken,
        /// This game does not know you: open it from the device you play on.
        NoToken,
        /// Reload the game to see its analysis.
        NoWatcher,
        /// This account is not a bot: upgrade it first.
        NotABot,
        /// You are not a player of this tournament.
        NotAPlayer,
        /// This setting does not apply to this kind of game: leave it out.
        NotApplicable,
        /// There is nothing at this address: check it.
        NotFound,
        /// Online games have no undo or redo: ask your opponent for a takeback.
        NotInOnlineGames,
        /// You are not logged in: log in first.
        NotLoggedIn,
        /// This game is played on one device, not online.
        NotOnline,
        /// This challenge is no longer open.
        NotOpen,
        /// A rematch can be offered once the game is over.
        NotOver,
        /// Play the puzzle before voting on it.
        NotPlayed,
        /// This game cannot count for the ratings: a rated game needs a clock, the standard rules
        /// (abapa) and players who are logged in.
        NotRated,
        /// These moves do not solve the step: no stars are kept.
        NotSolved,
        /// The game has not started: wait for an opponent.
        NotStarted,
        /// Only the game's players can do this.
        NotYourSeat,
        /// It is not your turn.
        NotYourTurn,
        /// There is no move to redo.
        NothingToRedo,
        /// The game has no moves to review yet.
        NothingToReview,
        /// There is no move of yours to take back.
        NothingToTakeBack,
        /// There is no move of yours to take back.
        NothingToUndo,
        /// Your last offer was declined or withdrawn: you may offer again in { $seconds ->
        OfferTooSoon,
        /// This challenge is for players of another rating.
        OutOfRange,
        /// This is your own challenge: send its link to your opponent.
        OwnChallenge,
        /// Only the two players write in the players' room: spectators write in the spectators'
        /// room.
        PlayersRoom,
        /// The pools are full: try again in a minute, or post a challenge in the lobby.
        PoolFull,
        /// Each side has already captured 24 seeds here: the game is drawn.
        PositionDrawn,
        /// A side has already captured more than half the seeds here: the game is over.
        PositionWon,
        /// A pupil's account plays and chats only with its class and the computer until the teacher
        /// opens it.
        PupilSafe,
        /// The rematch has already been arranged.
        RematchMade,
        /// This name is one of the site's own words: choose another.
        ReservedName,
        /// An online game is reviewed once it is over.
        ReviewAfterTheGame,
        /// Someone else took this seat first: you can watch the game.
        SeatTaken,
        /// The pits and the stores must hold 48 seeds in all.
        SeedCount,
        /// This needs you to be logged in on the site, not an API token.
        SessionRequired,
        /// Players write in the players' room: the spectators' room is for the spectators.
        SpectatorsRoom,
        /// The game could not be read or saved just now: try again shortly.
        Storage,
        /// This needs an API token, not a session.
        TokenRequired,
        /// Too many attempts: try again in { $seconds ->
        TooManyAttempts,
        /// You have enough challenges open already: wait for one to be accepted, or cancel one.
        TooManyChallenges,
        /// You have as many classes as allowed: delete one first.
        TooManyClasses,
        /// Too many people are playing right now: try again in { $seconds ->
        TooManyClients,
        /// Too many searches of the computer from your address: wait { $seconds ->
        TooManyEngineJobs,
        /// Too many games were created from your address: wait { $seconds ->
        TooManyGames,
        /// You have as many online games going as an account may: finish or resign some before
        /// starting another.
        TooManyLiveGames,
        /// { $max ->
        TooManyMarks,
        /// This class has as many pupils as allowed.
        TooManyPupils,
        /// { $count ->
        TooManyReviews,
        /// You have sent as many puzzles played offline as a day allows: the rest are kept and
        /// sent tomorrow.
        TooManyRounds,
        /// Too many accounts were created from this address: try again in { $seconds ->
        TooManySignUps,
        /// Too many pages of the site are open from your address: close a tab, or wait for a game
        /// to end.
        TooManyStreams,
        /// Guests from your address are already waiting in the pools: wait for their games, or log
        /// in.
        TooManyTickets,
        /// { $max ->
        TooManyTokens,
        /// You already have enough tournaments that are not finished: wait for one to end.
        TooManyTournaments,
        /// This class has as much work as allowed: remove some first.
        TooMuchWork,
        /// Too late: this tournament is over or in its last round.
        TournamentFinished,
        /// This tournament is full.
        TournamentFull,
        /// There is no game at this address: it may have been removed.
        UnknownGame,
        /// This server does not answer to this address.
        UnknownHost,
        /// You withdrew from this Swiss tournament: you cannot come back.
        Withdrawn,
        /// The capture written with this move is not what it captures here.
        WrongCapture,
        /// This pit is not in the row of the player to move.
        WrongSide,
        /// This game does not know you: open it from the device you play on.
        WrongToken,
    }
}

impl ErrorCode {
    /// The id of its message in the catalogue: `error-{code}`.
    pub fn message_id(self) -> String {
        format!("error-{}", self.name())
    }
}
