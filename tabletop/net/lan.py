"""Tables on the local network, found by multicast DNS (Bonjour/Avahi's way) with the
``zeroconf`` library.

A host announces its table as a ``_tabletop._tcp`` service: the game, the host's
name, how many seats are free and the protocol's version, never the join code.
:func:`browse` lists what is announced for a moment.  Where multicast cannot pass
(some networks forbid it), nothing is found and players type the address instead.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from tabletop.net.messages import VERSION

__all__ = ["SERVICE", "Advert", "Found", "browse"]

SERVICE = "_tabletop._tcp.local."


@dataclass(frozen=True)
class Found:
    """A table announced on the local network."""

    name: str       # what the host calls the table ("Ada's Anno")
    address: str
    port: int
    game: str       # the game's id
    free: int       # remote seats still free
    version: int    # the protocol it speaks

    @property
    def uri(self) -> str:
        return f"ws://{self.address}:{self.port}"


class Advert:
    """A table announced on the local network until :meth:`close`."""

    def __init__(self, name: str, address: str, port: int, game: str, free: int) -> None:
        self._zc = Zeroconf(ip_version=IPVersion.V4Only)
        label = "".join(ch if ch.isalnum() or ch in " -'" else " " for ch in name)[:40].strip()
        self._info = ServiceInfo(
            SERVICE, f"{label or 'Tabletop'} {port}.{SERVICE}",
            addresses=[socket.inet_aton(address)], port=port,
            properties={"name": name[:60], "game": game, "free": str(free), "v": str(VERSION)})
        self._zc.register_service(self._info, allow_name_change=True)

    def seats_free(self, free: int) -> None:
        """Say how many seats are still free."""
        props = {k.decode(): (v or b"").decode() for k, v in self._info.properties.items()}
        props["free"] = str(free)
        self._info = ServiceInfo(SERVICE, self._info.name, addresses=self._info.addresses,
                                 port=self._info.port, properties=props,
                                 server=self._info.server)
        self._zc.update_service(self._info)

    def close(self) -> None:
        try:
            self._zc.unregister_service(self._info)
        finally:
            self._zc.close()


def browse(seconds: float = 1.5) -> list[Found]:
    """The tables announced on the local network, listening for ``seconds``."""
    zc = Zeroconf(ip_version=IPVersion.V4Only)
    names: set[str] = set()

    def seen(zeroconf: Zeroconf, service_type: str, name: str,
             state_change: ServiceStateChange) -> None:
        if state_change is not ServiceStateChange.Removed:
            names.add(name)

    browser = ServiceBrowser(zc, SERVICE, handlers=[seen])
    try:
        time.sleep(seconds)
        found = []
        for name in sorted(names):
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info is None or not info.parsed_addresses() or info.port is None:
                continue
            props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            try:
                found.append(Found(props.get("name", name), info.parsed_addresses()[0],
                                   int(info.port), props.get("game", ""),
                                   int(props.get("free", "0")), int(props.get("v", "0"))))
            except ValueError:
                continue  # an announcement that is not one of ours
        return found
    finally:
        browser.cancel()
        zc.close()
