"""A headless Chromium driven over the DevTools protocol: just enough to use a web page as a
person would (navigate, type, click, press keys, read the page, take screenshots).

Chromium comes from the system's packages (Debian's ``chromium``); nothing is downloaded at
run time. Only ``websocket-client`` is needed on the Python side.
"""

from __future__ import annotations

import base64
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websocket


class BrowserError(RuntimeError):
    pass


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        if (path := shutil.which(name)) is not None:
            return path
    return None


class Chromium:
    """One headless Chromium with one page, closed by ``close()`` (or as a context manager)."""

    def __init__(self, binary: str, *, width: int = 1440, height: int = 1000,
                 timeout_s: float = 30.0) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="memgraph-chromium-"))
        self.timeout_s = timeout_s
        args = [binary, "--headless=new", "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
                "--no-first-run", "--no-default-browser-check", "--disable-gpu",
                "--disable-dev-shm-usage", "--disable-extensions", "about:blank"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(1, "--no-sandbox")        # Chromium refuses to sandbox as root
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        self._ids = itertools.count(1)
        self.socket = websocket.create_connection(self._page_socket_url(),
                                                  timeout=timeout_s, suppress_origin=True)
        self.send("Page.enable")
        self.send("Runtime.enable")

    def _page_socket_url(self) -> str:
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + self.timeout_s
        while not port_file.is_file() or not port_file.read_text().strip():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise BrowserError("Chromium did not open its DevTools port")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json") as response:
            targets = json.load(response)
        pages = [t for t in targets if t.get("type") == "page"]
        if not pages:
            raise BrowserError("Chromium has no page to drive")
        return pages[0]["webSocketDebuggerUrl"]

    # -- protocol -----------------------------------------------------------------------------
    def send(self, method: str, **params: Any) -> dict[str, Any]:
        message_id = next(self._ids)
        self.socket.send(json.dumps({"id": message_id, "method": method, "params": params}))
        while True:        # events arrive in between; only this call's answer matters
            message = json.loads(self.socket.recv())
            if message.get("id") == message_id:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserError(details.get("exception", {}).get("description")
                               or details.get("text"))
        return result["result"].get("value")

    def wait_for(self, expression: str, *, timeout_s: float | None = None,
                 what: str | None = None) -> Any:
        """Poll a JavaScript expression until it is truthy; return its value."""
        deadline = time.monotonic() + (timeout_s or self.timeout_s)
        while True:     # an element found counts as true (elements do not cross the wire)
            value = self.evaluate(f"(() => {{ const v = ({expression}); "
                                  "return v instanceof Node ? true : v; })()")
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"timed out waiting for {what or expression}")
            time.sleep(0.2)

    # -- a person's actions -------------------------------------------------------------------
    def navigate(self, url: str) -> None:
        self.send("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'", what=f"{url} to load")

    def fill(self, selector: str, text: str) -> None:
        """Type into a React-controlled input: set the value the way React notices it."""
        self.evaluate(f"""(() => {{
            const input = document.querySelector({json.dumps(selector)});
            if (!input) throw new Error('no element ' + {json.dumps(selector)});
            const setter = Object.getOwnPropertyDescriptor(
                window.HTMLInputElement.prototype, 'value').set;
            setter.call(input, {json.dumps(text)});
            input.dispatchEvent(new Event('input', {{bubbles: true}}));
            input.dispatchEvent(new Event('change', {{bubbles: true}}));
        }})()""")

    def click(self, selector: str) -> None:
        self.evaluate(f"""(() => {{
            const element = document.querySelector({json.dumps(selector)});
            if (!element) throw new Error('no element ' + {json.dumps(selector)});
            element.scrollIntoView({{block: 'center'}});
            element.click();
        }})()""")

    def focus(self, selector: str) -> None:
        self.evaluate(f"document.querySelector({json.dumps(selector)}).focus()")

    def insert_text(self, text: str) -> None:
        self.send("Input.insertText", text=text)

    def press(self, key: str, code: str, key_code: int, modifiers: int = 0) -> None:
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", type=kind, key=key, code=code,
                      windowsVirtualKeyCode=key_code, nativeVirtualKeyCode=key_code,
                      modifiers=modifiers)

    def screenshot(self, path: Path) -> Path:
        data = self.send("Page.captureScreenshot", format="png")["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
