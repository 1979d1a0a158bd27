package io.snowflakeid.migrations;

import io.snowflakeid.SnowflakeIdGenerator;

import org.springframework.stereotype.Component;

/**
 * An application bean that takes ids straight from the generator, as the README's quick start shows. Application
 * beans are created before the auto-configured ones, Flyway's and Liquibase's among them: the lease behind this
 * generator must still wait until the migrations have created its table.
 */
@Component
public class EventIds {

	private final SnowflakeIdGenerator ids;

	public EventIds(SnowflakeIdGenerator ids) {
		this.ids = ids;
	}

	public long next() {
		return this.ids.nextId();
	}
}
