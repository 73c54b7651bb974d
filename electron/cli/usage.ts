/** `mcp-context --help`: every command and option, in the words args.ts refuses them in. */
export const USAGE = `Usage: mcp-context <command> [server selection] [options]

Commands:
  list [--json]            every resource and template, with all fields and annotations
  read URI [--json]        the contents of one resource (exit 2 if the server does not know it)
  serve [--port N]         browser mode: the app in your browser, on 127.0.0.1 with a per-run token
  assemble                 the context a model would receive, chosen by the policy below
  check [--json] [--junit FILE] [--protocol 2025-11-25|2026-07-28]
                           each server against the resources rules of the spec: pass, warn or
                           fail per rule, with the evidence; exit 0 nothing fails, 1 a rule
                           fails, 2 a server could not be reached; --protocol checks a server
                           that speaks both eras in the one named (default: 2026-07-28 where
                           the server speaks it)
  capture -o FILE [assemble options]
                           assemble, and write everything that shaped the context to FILE (one
                           JSON file, no secrets): servers, catalogs, contents, decisions, trace
  assemble --from CAPTURE [assemble options]
                           the context again from a capture, offline; the same bytes unless the
                           options change the policy
  serve --from CAPTURE     browser mode over a capture, read-only
  diff A B [--json]        what changed between two captures: resources, decisions, the context
                           text, servers; exit 0 the same, 1 they differ, 2 a file cannot be read
  login URL [--no-browser] [--scope S] [--client-id ID [--client-secret X] | --client-metadata-url U]
                           sign in to a remote server with OAuth: the URL to open is printed (and
                           opened in a browser where there is one); the others then use the tokens;
                           the scopes asked for are those the server's 401 names, else all it
                           offers; --scope asks for others (a 403 says which), --client-id for an
                           authorization server that registers no clients itself,
                           --client-metadata-url where it takes a client metadata document
  login URL --client-credentials --client-id ID [--client-secret X] [--scope S]
                           a machine client: tokens by the client credentials grant, no browser;
                           the secret also from $MCP_CONTEXT_CLIENT_SECRET, or asked unseen
  logout URL               forget that sign-in, its tokens revoked where the server allows
  configs [--json]         the MCP config files of the clients on this machine (Claude Desktop,
                           Claude Code, Cursor, VS Code, Cline, Windsurf), with their servers
  watch [--subscribe URI]... [--json]
                           what happens, until interrupted: list changes, updates, log messages,
                           connections lost and made, spec problems; --json: one object a line
                           {"time", "server", "kind", "uri"?, "detail"?}; reconnects by itself

assemble options:
  --profile FILE           a saved profile: its servers (unless chosen here), picks, marks,
                           policy and format; the flags below override it
  --focus TEXT             what the agent is about to do; auto-include takes what is relevant
                           to it, best first, and leaves the rest out
  --fill | --no-fill       with a focus, also fill the budget left with the rest, by rank
                           (default: no fill with a focus; without one, the budget is filled)
  --budget N               token budget (default 8000)
  --threshold X            a stated priority below X is left out, 0 to 1 (default 0.5);
                           no priority stated is unknown, and ranked by the other signals
  --audience assistant|any assistant: leave out what is only for the user (default); any: keep it
  --recency-half-life DAYS older resources rank lower, halving every DAYS (default: age only breaks ties)
  --order rank|uri         the context in rank order, pins first (default), or by server and URI
  --required | --no-required
                           priority 1 goes in first, up to its share (default), or competes like any other
  --required-share X       the share of the budget priority 1 may take, 0 to 1 (default 0.5)
  --include URI, --exclude URI, --pin URI
                           your own marks; they override the policy (each may repeat)
  --auto | --no-auto       auto-include by focus, annotations and size (default on)
  --format markdown|json   Markdown sections, or MCP embedded-resource blocks (default markdown)
  --encoding NAME          o200k_base (default) or cl100k_base
  --explain                the decision for every resource, with its reason, on stderr
  --token-tree             where the tokens go: server, folder, resource, on stderr
  --json                   one JSON document: the text, the decisions and the counts
                           exit status 3: pinned or picked resources put the context over its budget

Server selection (the same for every command; none means the built-in demo server):
  --config FILE [--server NAME]     a client's config file: mcpServers (Claude, Cursor, Cline,
                                    Windsurf) or servers (VS Code); JSON with comments
  --config [--server NAME]          one of the files "configs" finds, chosen on the terminal
  --input ID=VALUE                  the value of the config's \${input:ID} (asked on a terminal)
  --url URL                         a Streamable HTTP server (falls back to SSE); --sse for SSE only
  -- COMMAND [ARGS...]              a stdio server
  COMMAND [ARGS...] or URL          the same, as the official Inspector takes it, after the command
                                    (and after the URI, for read)
  -e KEY=VALUE                      the environment of a stdio server (repeat for more)
  --header "Name: Value"            a header for an HTTP server (--url, a URL, or the config's)
  --transport stdio|http|sse        say which; it must agree with the selection

Options:
  --json          machine-readable output on stdout; warnings are in it too
  --timeout MS    per-request timeout (default 30000)
  --trace FILE    write every JSON-RPC message, both ways, to FILE as JSONL:
                  {"time", "server", "direction": "send"|"receive", "message"} a line
  --verbose       stack traces on errors, and every server's stderr as it comes ([name] line)
`;
