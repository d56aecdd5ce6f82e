# The server's error answers (`{"error": …, "code": …}`) for players of other languages: one
# message `error-{code}` per code, listed in crates/oware-server/src/http/error_ids.rs. English
# answers keep the server's own sentence, which may say more; these are what the other
# languages translate. Variables: `$seconds` (when to try again) where the answer has one.

error-bad-credentials = The name or the password is wrong.
error-bad-lang = The site does not speak this language.
error-empty-pit = This pit is empty: choose a pit with seeds.
error-name-taken = This name is taken: choose another.
error-not-your-turn = It is not your turn.
