# Die Meldungen der Skripte der Seite (static/js/*.js), als JSON unter /i18n/{lang}.

seeds-count = { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}
