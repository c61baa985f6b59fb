from studio.cli.main import main

raise SystemExit(main())
