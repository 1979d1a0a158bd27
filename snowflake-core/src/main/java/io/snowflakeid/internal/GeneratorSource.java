package io.snowflakeid.internal;

import java.util.function.Supplier;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.segment.SegmentIdGenerator;

/**
 * What a container (the Spring Boot starter) offers Hibernate's generators instead of the generators themselves:
 * they are resolved once the container has finished starting, not while Hibernate builds its session factory.
 * Holding the worker lease, or creating the segment table, during that build would tie them to Hibernate's boot:
 * the database initialization they wait for (Flyway, Liquibase, {@code schema.sql}) may itself wait for Hibernate
 * ({@code spring.jpa.defer-datasource-initialization}), and the lease claim could not run beside the boot.
 * <p>
 * The container still fails its start when a generator cannot be made: it resolves them before it reports ready.
 */
public interface GeneratorSource {

	/**
	 * Whether the container will have a {@link SnowflakeIdGenerator}, answered without creating it: Hibernate's
	 * generator refuses a mapping at start when it will not.
	 */
	boolean definesSnowflake();

	/**
	 * The layout of the container's generator, known from its configuration without creating it (the column check
	 * runs while Hibernate builds its session factory).
	 */
	SnowflakeLayout snowflakeLayout();

	/** The container's generator; the first call may create it (and claim its worker id). */
	SnowflakeIdGenerator snowflake();

	/**
	 * The segment generator of {@code key}: the container creates it, with the checks of
	 * {@link io.snowflakeid.segment.SegmentIdGenerators#generator}, before it reports ready, or at the first call of
	 * the returned supplier if that comes first; null if the container will have no segment generators.
	 */
	Supplier<SegmentIdGenerator> segment(String key, long initialValue, int step);

	/**
	 * Runs a start-up check (the column check). The container may run it beside the rest of its start, or once its
	 * beans exist, but its start fails if the check throws, before it reports ready. The check asks
	 * {@link #snowflakeLayout()} on the thread it runs on: the container runs it where that is safe.
	 */
	void startupCheck(Runnable check);
}
