// Stryker's Vitest runner with one fix for Vitest 5 (stryker-mutator/stryker-js#6210, decision record 018).
// The runner picks a mutant's tests with a name pattern it joins with spaces ("suite test"); Vitest 5 matches the
// pattern against "suite > test", so nothing matched, no test ran and every covered mutant "survived". Before each
// run this lets every space of the pattern match either separator. Drop it (testRunner: 'vitest') once the upstream
// runner joins names the Vitest 5 way.
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const upstreamFactory = vitestPlugins[0].factory;

/** "suite test" → "suite(?: > | )test": an escaped pattern keeps its spaces as they are. */
export function acceptEitherSeparator(pattern) {
  return new RegExp(pattern.source.replaceAll(' ', '(?: > | )'), pattern.flags);
}

function createVitest5TestRunner(injector) {
  const runner = injector.injectFunction(upstreamFactory);
  const init = runner.init.bind(runner);
  runner.init = async () => {
    await init();
    const start = runner.ctx.start.bind(runner.ctx);
    runner.ctx.start = (filters) => {
      for (const project of runner.ctx.projects) {
        const pattern = project.config.testNamePattern;
        if (pattern instanceof RegExp) project.config.testNamePattern = acceptEitherSeparator(pattern);
      }
      return start(filters);
    };
  };
  return runner;
}
createVitest5TestRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'vitest5', createVitest5TestRunner)];
