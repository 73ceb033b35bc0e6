import sys
from pathlib import Path

# The tests import the project's packages from the checkout itself.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def pytest_configure(config):
    """The Discord contract's report over the whole session (its workers too): a plugin of the bot tests."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "bot"))
    import contract_report

    if not config.pluginmanager.is_registered(contract_report):
        config.pluginmanager.register(contract_report, "contract_report")
