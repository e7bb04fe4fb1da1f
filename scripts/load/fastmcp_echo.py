"""The FastMCP peer of the serve load run (scripts/load-run.sh): one
trivial tool, `echo`, over streamable HTTP on loopback, configured as
`toolsh serve` is (stateless, JSON answers), so both servers get the
same requests from the same load generator.

    python fastmcp_echo.py PORT
"""

import sys

from fastmcp import FastMCP

mcp = FastMCP("echo")


@mcp.tool
def echo(text: str) -> str:
    """Return the text as given."""
    return text


if __name__ == "__main__":
    mcp.run(
        transport="http",
        host="127.0.0.1",
        port=int(sys.argv[1]),
        path="/mcp",
        stateless_http=True,
        json_response=True,
        show_banner=False,
        log_level="warning",
    )
