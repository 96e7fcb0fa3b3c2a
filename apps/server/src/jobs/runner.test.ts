import { InProcessJobRunner } from './runner';
import { runJobRunnerContract } from './runner.contract';

runJobRunnerContract('InProcessJobRunner', (concurrency) => new InProcessJobRunner(concurrency));
