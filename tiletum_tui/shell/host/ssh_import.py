"""asyncssh, imported without the CryptographyDeprecationWarnings it sets off (issue 41, item 21: five
lines about DSA before the host's own first line). asyncssh names the DSA key types of the cryptography
package, which warns that DSA is deprecated; the host never offers DSA keys, and the lines only bury its
own. Only that category, and only when it comes from asyncssh's modules: any other warning is shown."""

from __future__ import annotations

import warnings

try:
    from cryptography.utils import CryptographyDeprecationWarning
except ImportError:  # (a cryptography without it warns of nothing)
    CryptographyDeprecationWarning = None

if CryptographyDeprecationWarning is not None:
    warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module=r"asyncssh(\.|$)")

import asyncssh  # noqa: E402  (after the filter: the warnings come while it is imported)

__all__ = ["asyncssh"]
