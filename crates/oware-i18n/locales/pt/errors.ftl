# As respostas de erro do servidor (ver en/errors.ftl).

error-bad-credentials = O nome ou a palavra-passe está errado.
error-bad-lang = O site não tem esta língua.
error-empty-pit = Esta casa está vazia: escolha uma casa com sementes.
error-name-taken = Este nome já está ocupado: escolha outro.
error-not-your-turn = Não é a sua vez de jogar.
