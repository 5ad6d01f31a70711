import { describeGameModuleConformance } from '@tablecast/game-kit/testing';
import { guandanConformanceSamples } from '../testing/conformance-samples';
import { guandanModule } from './guandan-module';

describeGameModuleConformance(guandanModule, guandanConformanceSamples());
