"""`python -m pacific` is the same as the `pacific` command."""

from pacific.cli.main import main

raise SystemExit(main())
