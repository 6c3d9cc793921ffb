"""The bundled build's entry point (packaging/pacific.spec): the `pacific` command."""

from pacific.cli.main import main

raise SystemExit(main())
