// `npm audit --audit-level=high` for `npm run validate` (issue: headers and audit): fails on a high or critical
// advisory in the installed dependencies, and is skipped, with a one-line reason and exit 0, when the registry
// cannot answer (no network, a mirror without the audit endpoint, a time-out), so an offline machine can validate.
// Usage: node scripts/audit.mjs   (AUDIT_TIMEOUT_MS overrides the 60-second limit)
import { spawn } from 'node:child_process';

const TIMEOUT_MS = Number(process.env.AUDIT_TIMEOUT_MS ?? 60_000);
const BLOCKING = ['high', 'critical'];
// What npm says when the registry, not the project, is the problem.
const UNREACHABLE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKETTIMEDOUT|ENETUNREACH|EHOSTUNREACH|UNABLE_TO_GET_ISSUER_CERT|SELF_SIGNED_CERT|audit endpoint returned an error|network|socket hang up/i;

function runAudit() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--json', '--audit-level=high'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve({ timedOut: true, stdout, stderr, code: null });
    }, TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ timedOut: false, stdout, stderr: `${stderr}\n${error.message}`, code: null });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ timedOut: false, stdout, stderr, code });
    });
  });
}

/** npm's reason in one line, without the registry's address. */
function oneLine(text) {
  return (
    text
      .replace(/https?:\/\/\S+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200) || 'no answer'
  );
}

function skip(reason) {
  console.log(`npm audit skipped: the registry could not answer (${oneLine(reason)}).`);
  process.exit(0);
}

const result = await runAudit();
if (result.timedOut) skip(`no answer within ${TIMEOUT_MS / 1000} s`);

let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = undefined;
}

if (report?.metadata?.vulnerabilities) {
  const counts = report.metadata.vulnerabilities;
  const blocking = Object.values(report.vulnerabilities ?? {}).filter((v) => BLOCKING.includes(v.severity));
  if (blocking.length === 0) {
    const others = ['info', 'low', 'moderate'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
    console.log(`npm audit: no high or critical vulnerabilities (${others}).`);
    process.exit(0);
  }
  console.log(`npm audit: ${counts.high ?? 0} high and ${counts.critical ?? 0} critical vulnerabilities:`);
  for (const v of blocking) {
    const advisories = (v.via ?? [])
      .filter((via) => typeof via === 'object')
      .map((via) => `${via.title ?? 'advisory'}${via.url ? ` (${via.url})` : ''}`);
    const through = (v.via ?? []).filter((via) => typeof via === 'string');
    const why = advisories.length ? advisories.join('; ') : `through ${through.join(', ')}`;
    const fix = v.fixAvailable ? 'fix available (npm audit fix)' : 'no fix available';
    console.log(`  - ${v.name} ${v.range ?? ''} [${v.severity}]: ${why}; ${fix}`);
  }
  process.exit(1);
}

// No report: an error. The registry's fault is a skip; anything else (no lockfile, a broken tree) fails.
const error = report?.error ?? {};
const reason = [report?.message, error.code, error.summary, error.detail, result.stderr].filter(Boolean).join(' ');
const httpStatus = Number(report?.statusCode ?? 0);
if (httpStatus >= 400 || UNREACHABLE.test(reason) || UNREACHABLE.test(error.code ?? '')) {
  skip(report?.message ?? error.summary ?? error.code ?? reason);
}
console.error(`npm audit failed: ${oneLine(reason)}`);
process.exit(1);
