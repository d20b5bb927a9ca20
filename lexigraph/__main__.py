import sys

from lexigraph.cli import main

sys.exit(main())
