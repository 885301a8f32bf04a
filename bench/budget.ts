// `npm run budget` (a step of `npm test`, after the build): the JavaScript the composed
// page runs before the portfolio shows, summed from the builds' first-paint lists without
// a browser, in seconds; fails over the 150 KB budget. The bench measures the same figure
// in Chromium ("JS before portfolio visible, federated (gzip)") and notes when the two
// differ (bench/README.md#the-first-paint-budget).
import { defaultDistFolders } from '@token-portfolio/server/dist-folders';
import { budgetReport, listedFirstPaint } from './measure/firstPaintBudget';

try {
  const { lines, within } = budgetReport(await listedFirstPaint(defaultDistFolders()));
  console.log(lines.join('\n'));
  process.exitCode = within ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
