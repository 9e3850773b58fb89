"""``tiletum bench --web``: the web door's figures (issue 22, "Measured"). A benchmark, not a test.

``tiletum host --web`` runs in a process of its own; a headless Chromium (the operating system's,
driven by Selenium: ``apt-get install chromium chromium-driver``, ``pip install -e '.[test]'``) opens
a player's link. Timed in the page itself (a wrapper of the page's WebSocket, put in before the
page's own script runs), each figure ends once the frame after the bytes has been painted:

- page open to first drawn screen: from the start of the navigation (the link's address typed)
  to the lobby painted (its first bytes holding "Your games"), the client's start included;
- key to redrawn screen: a key sent by the page (``b``: the lobby's bell, which redraws its title
  line) to the client's answer painted; median and 95th percentile.
"""

from __future__ import annotations

import shutil
import socket
import statistics
import tempfile
import time
from pathlib import Path

from .bench_host import start_host, stop_host
from .hosted import HostFolder
from .invites import Invites

OPENS = 5  # page opens timed (a client process starts for each)
KEYS = 40  # keys timed
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1000,700")
# The page's WebSocket, timed: a key's "stdin" sent, the next frame of bytes painted (rAF, then a task).
_TIMING = """(() => {
  const Original = window.WebSocket; const b = window.bench = {keys: [], first: null, pending: null};
  const painted = (then) => requestAnimationFrame(() => setTimeout(then, 0));
  window.WebSocket = function (url, protocols) {
    const ws = new Original(url, protocols); const send = ws.send.bind(ws);
    ws.send = (data) => { if (typeof data === 'string' && data.startsWith('["stdin"')) b.pending = performance.now();
                          return send(data); };
    ws.addEventListener('message', (e) => {
      if (!(e.data instanceof ArrayBuffer)) return;
      if (b.first === null && new TextDecoder().decode(e.data).includes('Your games')) {
        b.first = -1; painted(() => { b.first = performance.now(); });
      }
      if (b.pending !== null) { const t0 = b.pending; b.pending = null; painted(() => b.keys.push(performance.now() - t0)); }
    });
    return ws;
  };
  window.WebSocket.prototype = Original.prototype;
  Object.assign(window.WebSocket, Original);
})();"""


def chromium(timing: bool = False, console: bool = False):
    """A headless Chromium of the operating system's with a fresh profile (Selenium), or None.
    ``timing``: the page's WebSocket timed (``window.bench``); ``console``: its console kept (tests)."""
    try:
        from selenium import webdriver  # optional: selenium is a test dependency
        from selenium.webdriver.chrome.service import Service  # optional: selenium is a test dependency
    except ImportError:
        return None
    binary, driver = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if binary is None or driver is None:
        return None
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in CHROMIUM_FLAGS + (f"--user-data-dir={tempfile.mkdtemp(prefix='chromium-')}",):
        options.add_argument(flag)
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.page_load_strategy = "eager"  # opened once its document is read; the callers wait for the screen
    browser = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    browser.set_page_load_timeout(60)
    if timing:
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _TIMING})
    return browser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _until(check, seconds: float = 90.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise RuntimeError("the page never showed it")


def web_numbers() -> dict:
    browser = chromium(timing=True)
    if browser is None:
        raise RuntimeError("no Chromium, chromedriver or Selenium here (apt-get install chromium chromium-driver)")
    folder = Path(tempfile.mkdtemp(prefix="tw-"))
    port = _free_port()
    host = start_host(folder, "--web", f"127.0.0.1:{port}")
    try:
        token = Invites(HostFolder(folder).web_invites).invite("ann")
        _until(lambda: HostFolder(folder).web_url.exists())
        opens = []
        for lap in range(OPENS):
            browser.get(f"http://127.0.0.1:{port}/" + ("" if lap else f"?t={token}"))
            opens.append(_until(lambda: browser.execute_script("return window.bench.first > 0 && window.bench.first")))
        browser.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        # optional: selenium is a test dependency (pyproject)
        from selenium.webdriver.common.action_chains import ActionChains

        for k in range(KEYS):
            ActionChains(browser).send_keys("b").perform()
            _until(lambda: browser.execute_script("return window.bench.keys.length") > k)
            time.sleep(0.05)
        keys = sorted(browser.execute_script("return window.bench.keys"))
        return {"page open to first drawn screen (the lobby), median ms": statistics.median(opens),
                "… slowest of {} opens, ms".format(OPENS): max(opens),
                "key to redrawn screen in the page, median ms": statistics.median(keys),
                "key to redrawn screen in the page, p95 ms": keys[int(len(keys) * 0.95) - 1]}
    finally:
        browser.quit()
        stop_host(host, folder)


def run(args) -> int:
    print("Web door: tiletum host --web in its own process; a headless Chromium at one link")
    try:
        numbers = web_numbers()
    except RuntimeError as exc:
        print(f"  not measured: {exc}")
        return 1
    for key, value in numbers.items():
        print(f"  {key:<56} {value:10.1f}")
    return 0
