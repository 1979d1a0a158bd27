/**
 * The service-provider interface: what a worker-id backend implements or uses, not what applications call. A
 * {@link io.snowflakeid.spi.LeaseStore} keeps worker leases (the database lease in {@code io.snowflakeid.worker};
 * ZooKeeper and Redis in their modules, found by plain Hibernate through {@link io.snowflakeid.spi.LeaseStoreProvider});
 * the lease gives its generator an {@link io.snowflakeid.spi.IssuePermit} and reserves its node in
 * {@link io.snowflakeid.spi.LocalNodes}. These types may change in a minor release when a backend needs it; the
 * application API ({@code io.snowflakeid}, {@code io.snowflakeid.worker} and the other packages) does not.
 */
package io.snowflakeid.spi;
