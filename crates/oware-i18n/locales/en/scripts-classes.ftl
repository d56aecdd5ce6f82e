# The messages of the classes' and worksheets' scripts (static/js/class.js, worksheet.js), sent
# as JSON at /i18n/{lang}. Ids start with classes-s-. Pupils are children: their words are
# simple.

classes-s-pupils = { $count ->
    [one] 1 pupil
   *[other] { $count } pupils
}
classes-s-teacher = Teacher: { $name }
classes-s-card-user = User name
classes-s-card-password = Password
classes-s-card-site = Log in at { $site }
classes-s-kind-lesson = Lesson
classes-s-kind-counting = Counting
classes-s-kind-puzzles = Puzzles
classes-s-level = Level { $level }
classes-s-due = due { $date }
classes-s-done = done
classes-s-todo = to do
classes-s-score = { $score } of { $of }
classes-s-open = Open to everyone
classes-s-reset = New password
classes-s-remove-work = Remove
classes-s-col-pupil = Pupil
classes-s-col-stars = Stars
classes-s-col-puzzles = Puzzles solved
classes-s-col-last = Last seen
classes-s-col-time = Time spent
classes-s-minutes = { $count } min
classes-s-col-account = Account
classes-s-never = never
classes-s-confirm-delete = Delete this class, its pupils' accounts and their progress? This cannot be undone.
classes-s-arena-made = The class arena is ready: { $link }
classes-s-go = Start
classes-s-no-work = No work yet.
classes-s-ws-pit = Sow { $pit }
classes-s-ws-answer-count = { $number }. Pit { $pit }: the last seed lands in { $landing }, which then holds { $seeds }.
classes-s-ws-south-plays = South to play and win
classes-s-ws-north-plays = North to play and win
classes-s-ws-answer-puzzle = { $number }. { $line }
classes-s-ws-stores = Stores: South { $south }, North { $north }
classes-s-ws-board = Board: North's pits f to a above, South's A to F below
