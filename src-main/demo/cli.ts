import { CLI_USAGE, parseCliArgs } from './cli-args';
import { startDemoService } from './index';

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCliArgs(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    console.error(CLI_USAGE);
    process.exitCode = 2;
    return;
  }
  if (parsed.help) {
    console.log(CLI_USAGE);
    return;
  }
  const demo = await startDemoService(parsed.options);
  // Printing the demo token is the point of this command: it is a local, throw-away token.
  console.log(`Fleet Desk demo service (${demo.sim.unitCount} assets, seed ${demo.sim.seed})
  Base URL:      ${demo.baseUrl}
  AEMP URL:      ${demo.aempUrl}
  Authorize URL: ${demo.authorizeUrl}
  Token URL:     ${demo.tokenUrl}
  Client id:     ${demo.clientId}
  Tile URL:      ${demo.tileUrl}
  Demo token:    ${demo.demoToken}
Press Ctrl+C to stop.`);
  const stop = (): void => {
    void demo.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`The demo service could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
