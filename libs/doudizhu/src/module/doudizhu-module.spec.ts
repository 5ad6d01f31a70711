import { describeGameModuleConformance } from '@tablecast/game-kit/testing';
import { doudizhuConformanceSamples } from './conformance-samples';
import { doudizhuModule } from './doudizhu-module';

describeGameModuleConformance(doudizhuModule, doudizhuConformanceSamples());
