import { describeGameModuleConformance } from '@tablecast/game-kit/testing';
import { bigtwoConformanceSamples } from './conformance-samples';
import { bigtwoModule } from './bigtwo-module';

describeGameModuleConformance(bigtwoModule, bigtwoConformanceSamples());
