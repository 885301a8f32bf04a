import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export interface LighthouseScores {
  performance: number | null;
  accessibility: number | null;
}

/** Lighthouse (desktop preset) on a Chromium already listening on `port`. Scores 0-100. */
export async function lighthouseScores(url: string, port: number): Promise<LighthouseScores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  const score = (category: string) => {
    const value = result?.lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  return { performance: score('performance'), accessibility: score('accessibility') };
}
