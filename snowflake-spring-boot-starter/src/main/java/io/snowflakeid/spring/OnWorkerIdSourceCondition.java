package io.snowflakeid.spring;

import javax.sql.DataSource;

import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.spi.LeaseStore;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether the context says where a worker id comes from: static ids or a worker assignment configured, or a DataSource
 * (or a coordination store) to lease one from. A context with none of them (a test that excludes the DataSource, a
 * batch tool sharing the jar) gets no generator rather than a start-up failure; whatever then asks for one fails
 * with Spring Boot's report, which shows this condition's message: what is missing and how to exclude the starter.
 * Never a generator made up from defaults.
 */
class OnWorkerIdSourceCondition extends SpringBootCondition {

	static final String MISSING = "no static ids (" + SnowflakeSettings.DATACENTER_ID + ", " + SnowflakeSettings.WORKER_ID
			+ "), no " + SnowflakeSettings.WORKER_ASSIGNMENT + " and no DataSource to lease a worker id from: configure "
			+ "one of them, or exclude io.snowflakeid.spring.SnowflakeAutoConfiguration from this context "
			+ "(spring.autoconfigure.exclude) if nothing in it needs snowflake ids";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Binder binder = Binder.get(context.getEnvironment());
		for (String setting : new String[] { SnowflakeSettings.WORKER_ID, SnowflakeSettings.DATACENTER_ID,
				SnowflakeSettings.WORKER_ASSIGNMENT }) {
			if (binder.bind(setting, String.class).isBound()) {
				return ConditionOutcome.match(setting + " is set");
			}
		}
		ConfigurableListableBeanFactory beans = context.getBeanFactory();
		if (beans != null && beans.getBeanNamesForType(DataSource.class, true, false).length > 0) {
			return ConditionOutcome.match("a DataSource to lease a worker id from");
		}
		if (beans != null && beans.getBeanNamesForType(LeaseStore.class, true, false).length > 0) {
			return ConditionOutcome.match("a LeaseStore to lease a worker id from");
		}
		return ConditionOutcome.noMatch(MISSING);
	}
}
