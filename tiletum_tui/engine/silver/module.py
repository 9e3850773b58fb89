from ..ruleset import Module


class SilverModule(Module):
    name = "silver"
    title = "Prospect for Silver"
