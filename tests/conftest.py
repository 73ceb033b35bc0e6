import sys
from pathlib import Path

# The tests import the project's packages from the checkout itself.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
