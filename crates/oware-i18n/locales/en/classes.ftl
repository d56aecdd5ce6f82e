# The classes' and worksheets' pages (static/class.html, worksheet.html) and the progress CSV's
# header (classes/mod.rs). Ids start with classes-. The teacher's parts address an adult; the
# pupil's parts a child.

classes-title = Classes · Oware
classes-description = Run an Oware class: pupils' log-ins without e-mail, lessons and puzzles to do, everyone's progress.
classes-heading = Classes
classes-log-in-first = Log in (top right) to run a class, or with the log-in your teacher gave you.
classes-yours = Your classes
classes-none = No classes yet.
classes-new-name = Name of the new class
classes-create = Create the class
classes-worksheets-link = Printable worksheets for a class without computers
classes-back = All classes
classes-add-label = Pupils to add, one name per line
classes-add = Add the pupils
classes-add-note = Each pupil gets a user name and a password, without e-mail. The password is shown only now: print the sheet.
classes-sheet-heading = Log-ins
classes-print = Print the log-ins
classes-assign-heading = Give work
classes-assign-kind = Kind
classes-assign-what = What
classes-assign-due = Due on
classes-assign = Give the work
classes-progress-heading = Progress
classes-progress-table = Each pupil's progress
classes-csv = Download as CSV (spreadsheet)
classes-arena = Start a class arena
classes-delete = Delete the class
classes-pupil-heading = Your class
classes-pupil-work = Your work
classes-safe-note = Your account plays and chats with your class and the computer only.

classes-ws-title = Worksheets · Oware
classes-ws-description = Printable Oware worksheets: counting exercises and puzzles by level and theme, answers on their own page.
classes-ws-heading = Worksheets
classes-ws-level = Counting level
classes-ws-theme = Puzzle theme
classes-ws-theme-any = Any theme
classes-ws-sheet = Sheet number
classes-ws-make = Make the sheet
classes-ws-print = Print
classes-ws-counting = Counting
classes-ws-counting-task = Sow the marked pit. Where does the last seed land, and how many seeds are in that pit then?
classes-ws-puzzles = Puzzles
classes-ws-answers = Answers
classes-ws-name = Name:

classes-csv-pupil = Pupil
classes-csv-username = User name
classes-csv-kind = Kind
classes-csv-target = Work
classes-csv-due = Due
classes-csv-done = Done
classes-csv-score = Score
classes-csv-of = Out of
classes-csv-tried = Puzzles tried
classes-csv-last = Last worked on (UTC)
classes-csv-minutes = Time spent (minutes)
