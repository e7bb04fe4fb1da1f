//! Sandbox file system benchmarks: creating 10k files from a script,
//! `find / -name '*.txt' | wc -l` over them, and `cat` of a 10 MB file
//! through a pipeline, each through the whole shell over a `MemoryFs`.

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use toolsh_interp::{MemoryFs, Profile, Shell};

fn shell(fs: Arc<MemoryFs>) -> Shell {
    Shell::builder()
        .profile(Profile::Sandbox)
        .utilities(toolsh_utils::standard())
        .fs(fs)
        .build()
}

/// 10,000 files in 100 directories, created through the host API.
fn seeded() -> Arc<MemoryFs> {
    let files = (0..10_000).map(|i| (format!("/data/d{}/f{i}.txt", i % 100), b"x\n".to_vec()));
    Arc::new(MemoryFs::new().with_files(files).expect("within limits"))
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let mut g = c.benchmark_group("sandbox_fs");
    g.sample_size(10);

    g.bench_function("create_10k_files", |b| {
        b.to_async(&rt).iter(|| async {
            let mut sh = shell(Arc::new(MemoryFs::new()));
            let r = sh
                .exec("mkdir /d; for i in $(seq 10000); do echo x > /d/f$i.txt; done")
                .await;
            assert_eq!(r.exit_code, 0, "{}", r.stderr);
        });
    });

    let fs = seeded();
    g.bench_function("find_name_wc_10k", |b| {
        b.to_async(&rt).iter(|| async {
            let mut sh = shell(fs.clone());
            let r = sh.exec("find / -name '*.txt' | wc -l").await;
            assert_eq!(r.stdout.trim(), "10000", "{}", r.stderr);
        });
    });

    let big = Arc::new(
        MemoryFs::new()
            .with_files([("/big", vec![b'y'; 10_000_000])])
            .expect("within limits"),
    );
    g.bench_function("cat_10mb_pipeline", |b| {
        b.to_async(&rt).iter(|| async {
            let mut sh = shell(big.clone());
            let r = sh.exec("cat /big | wc -c").await;
            assert_eq!(r.stdout.trim(), "10000000", "{}", r.stderr);
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
