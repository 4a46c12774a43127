// The reference call edges of a Python or Go tree, from the language server a user would run:
// pyright (npm) for Python, gopls (Debian's `gopls` package) for Go. Over LSP: every function and
// method the server lists in each file (documentSymbol), its call hierarchy's outgoing calls, each
// call site written `file:line -> targetFile:line`, the target by the line it is declared on (a
// constructed class is its `__init__` when it has one). Names are no part of the key: the server and
// code-graph name nested functions and properties differently (`Blueprint.extend` for a function
// nested in a method; a property `debug`), and one declaration must count as one.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEST_FILE } from './lib-callgraph-truth.mjs';

const SERVERS = {
  python: { ext: /\.pyi?$/, languageId: 'python' },
  go: { ext: /\.go$/, languageId: 'go' },
};

const FUNCTION_KINDS = new Set([6, 9, 12]); // Method, Constructor, Function
const CLASS_KINDS = new Set([5, 11, 23]); // Class, Interface, Struct

/** The tree's sources of the language, tests left out (the reference and the score read the same files). */
function listFiles(root, ext) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSafe(dir)) {
      if (
        entry.name.startsWith('.') ||
        ['node_modules', 'vendor', 'venv', '.venv', '__pycache__'].includes(entry.name)
      )
        continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (ext.test(entry.name)) out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.filter((f) => !TEST_FILE.test(f) && !/_test\.go$|(^|\/)test_[^/]*\.py$/.test(f));
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A JSON-RPC connection to a language server over stdio (vscode-jsonrpc, installed with the peers). */
function connect(command, args, cwd, peers) {
  const rpc = peers.module('vscode-jsonrpc@8.2.1', 'vscode-jsonrpc/node');
  // A server that dies mid-write rejects the writer's own promise, which nobody awaits.
  process.on('unhandledRejection', (error) => {
    if (error?.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
  const child = spawn(command, args, {
    cwd,
    stdio: ['pipe', 'pipe', process.env.LSP_STDERR ? 'inherit' : 'ignore'],
    env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' },
  });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  connection.onRequest(() => null);
  connection.onNotification(() => {});
  connection.onError(() => {});
  child.stdin.on('error', () => {});
  let exited;
  child.on('exit', (code, signal) => {
    exited = new Error(`${command} exited (${code ?? signal})`);
  });
  connection.listen();
  /** A request that fails when the server has died or takes over a minute, instead of hanging the bench. */
  const request = (method, params) => {
    if (exited) return Promise.reject(exited);
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(exited ?? new Error(`${command}: ${method} took over 60 s`)), 60_000);
    });
    return Promise.race([connection.sendRequest(method, params), late]).finally(() => clearTimeout(timer));
  };
  const notify = (method, params) => {
    if (!exited) connection.sendNotification(method, params);
  };
  return {
    request,
    notify,
    close: () => {
      connection.dispose();
      child.kill();
    },
  };
}

/** documentSymbol results flattened: every function/method with its qualified name and name position. */
function functionsOf(symbols, language, owner) {
  const out = [];
  for (const s of symbols ?? []) {
    const name = normalizeGo(s.name);
    if (FUNCTION_KINDS.has(s.kind)) {
      const qualified = name.includes('.') ? name : owner ? `${owner}.${name}` : name;
      out.push({
        name: qualified,
        line: s.selectionRange.start.line,
        character: s.selectionRange.start.character,
      });
    }
    if (CLASS_KINDS.has(s.kind))
      out.push({
        name,
        line: s.selectionRange.start.line,
        character: s.selectionRange.start.character,
        isClass: true,
      });
    if (s.children) out.push(...functionsOf(s.children, language, CLASS_KINDS.has(s.kind) ? name : owner));
  }
  return out;
}

const sources = new Map();
/** A file's lines, read once per bench run. */
function linesOf(file) {
  if (!sources.has(file)) sources.set(file, readFileSync(file, 'utf8').split('\n'));
  return sources.get(file);
}
const DEF = /^(\s*)(?:async\s+)?def\s+(\w+)\s*\(/;

/**
 * A Python name defined in a run of `def`s of its own (a property's getter and setter, `@overload`s
 * and their implementation) is one declaration, its first, as code-graph's symbol for it is: pyright
 * reaches the getter and the setter both on one read, and each overload.
 */
function firstOfRun(file, line) {
  const lines = linesOf(file);
  const own = DEF.exec(lines[line] ?? '');
  if (!own) return line;
  let first = line;
  for (let i = line - 1; i >= 0; i--) {
    const def = DEF.exec(lines[i]);
    if (def && def[1] === own[1] && def[2] === own[2]) first = i;
    else if ((def || /^\s*class\s/.test(lines[i])) && lines[i].search(/\S/) <= own[1].length) break;
  }
  return first;
}

/** gopls names methods `(*T).M` or `(T).M`: code-graph names them `T.M`. */
const normalizeGo = (name) => name.replace(/^\(\*?([\w]+)(\[[^\]]*\])?\)\./, '$1.');

/**
 * Go modules cannot be downloaded here: the copy's go.mod keeps its module path and drops its
 * requirements, so gopls loads the project's own packages (imports of dependencies fail to
 * resolve, and calls into them are out of scope on both sides).
 */
function goModuleWithoutDependencies(root) {
  for (const file of listFiles(root, /(^|\/)go\.mod$/)) {
    const full = path.join(root, file);
    const text = readFileSync(full, 'utf8')
      .replace(/^require \([^)]*\)/gm, '')
      .replace(/^require .*$/gm, '');
    writeFileSync(full, text);
    rmSync(path.join(path.dirname(full), 'go.sum'), { force: true });
  }
}

/** The name a call site names to reach the declaration on `line` (0-based) of `file`: a constructor's is its class. */
function calleeName(file, line) {
  const lines = linesOf(file);
  const declared =
    /^\s*(?:async\s+)?def\s+(\w+)|^\s*class\s+(\w+)|^func\s*(?:\([^)]*\)\s*)?(\w+)|^type\s+(\w+)/.exec(
      lines[line] ?? '',
    );
  const name = declared?.slice(1).find(Boolean);
  if (name !== '__init__') return name;
  const indent = lines[line].search(/\S/);
  for (let i = line - 1; i >= 0; i--) {
    const owner = /^(\s*)class\s+(\w+)/.exec(lines[i]);
    if (owner && owner[1].length < indent) return owner[2];
  }
  return undefined;
}

/**
 * Whether the server finds no declaration at all for the callee an edge's call site names: asked
 * `textDocument/definition` at each place the line writes the name. Where the receiver's type is
 * unknown to the server (an ORM's dynamic attribute, a framework it has no stubs for), it has no
 * answer; a different declaration, or one in a library, is an answer that disagrees.
 */
async function serverHasNoAnswer(edge, root, request, uriOf) {
  const m = /^(.*?):(\d+) -> (.*?):(\d+)$/.exec(edge);
  if (!m) return false;
  const [, caller, callLine, target, targetLine] = m;
  const name = calleeName(path.join(root, target), Number(targetLine) - 1);
  if (!name) return false;
  const text = linesOf(path.join(root, caller))[Number(callLine) - 1] ?? '';
  const places = [...text.matchAll(new RegExp(`\\b${name}\\b`, 'g'))];
  if (places.length === 0) return false;
  for (const place of places) {
    const found = await request('textDocument/definition', {
      textDocument: { uri: uriOf(caller) },
      position: { line: Number(callLine) - 1, character: place.index },
    }).catch(() => null);
    if (Array.isArray(found) ? found.length > 0 : found) return false;
  }
  return true;
}

/**
 * The reference edges of a tree, and which of `ours` (edges the reference lacks) it cannot judge:
 * at those call sites the server resolves the callee to nothing.
 */
export async function lspEdges(language, root, peers, ours = new Set()) {
  const { ext, languageId } = SERVERS[language];
  if (language === 'go') goModuleWithoutDependencies(root);
  const files = listFiles(root, ext);
  const [command, args, server] =
    language === 'python'
      ? [peers.bin('pyright@1.1.414', 'pyright-langserver'), ['--stdio'], 'pyright 1.1.414']
      : ['gopls', ['serve'], 'gopls (Debian)'];
  const { request, notify, close } = connect(command, args, root, peers);
  const rootUri = pathToFileURL(root).href;
  await request('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'root' }],
    capabilities: {
      textDocument: {
        callHierarchy: {},
        definition: {},
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      },
    },
  });
  notify('initialized', {});
  const uriOf = (rel) => pathToFileURL(path.join(root, rel)).href;
  const relOf = (uri) => path.relative(root, fileURLToPath(uri));
  const byFile = new Map();
  for (const rel of files) {
    notify('textDocument/didOpen', {
      textDocument: {
        uri: uriOf(rel),
        languageId,
        version: 1,
        text: readFileSync(path.join(root, rel), 'utf8'),
      },
    });
  }
  for (const rel of files) {
    const symbols = await request('textDocument/documentSymbol', { textDocument: { uri: uriOf(rel) } });
    byFile.set(rel, functionsOf(symbols, language));
  }
  /** The functions and classes of a file the calls reach (a stub, a file the walk left out), asked once. */
  const declaredIn = async (rel) => {
    if (!byFile.has(rel))
      byFile.set(
        rel,
        functionsOf(
          await request('textDocument/documentSymbol', { textDocument: { uri: uriOf(rel) } }).catch(() => []),
          language,
        ),
      );
    return byFile.get(rel);
  };
  /** The declaration a target stands for, by its 0-based line: a class is its constructor when it has one. */
  const lineOf = (rel, line) => {
    const found = byFile.get(rel)?.find((f) => f.line === line);
    if (!found?.isClass) return language === 'python' ? firstOfRun(path.join(root, rel), line) : line;
    const init = byFile.get(rel).find((f) => f.name === `${found.name}.__init__`);
    return init ? init.line : line;
  };
  const edges = new Set();
  for (const rel of files) {
    for (const fn of byFile.get(rel).filter((f) => !f.isClass)) {
      const items = await request('textDocument/prepareCallHierarchy', {
        textDocument: { uri: uriOf(rel) },
        position: { line: fn.line, character: fn.character },
      });
      for (const item of items ?? []) {
        const outgoing = (await request('callHierarchy/outgoingCalls', { item })) ?? [];
        for (const call of outgoing) {
          if (!call.to.uri.startsWith(rootUri)) continue;
          const target = relOf(call.to.uri);
          await declaredIn(target);
          const declared = lineOf(target, call.to.selectionRange.start.line) + 1;
          for (const range of call.fromRanges)
            edges.add(`${rel}:${range.start.line + 1} -> ${target}:${declared}`);
        }
      }
    }
  }
  const unjudged = new Set();
  for (const edge of ours)
    if (!edges.has(edge) && (await serverHasNoAnswer(edge, root, request, uriOf))) unjudged.add(edge);
  await request('shutdown').catch(() => {});
  close();
  return { edges, files, server, unjudged };
}
