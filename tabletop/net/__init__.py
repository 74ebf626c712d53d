"""Play across the network: a host runs the match, clients play its remote seats.

Nothing here imports pygame: the host and the clients are plain asyncio programs
(:mod:`tabletop.net.host`, :mod:`tabletop.net.client`) speaking the messages of
:mod:`tabletop.net.messages` over WebSocket.
"""
