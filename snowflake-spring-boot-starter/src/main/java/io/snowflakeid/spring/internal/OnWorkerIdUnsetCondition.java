package io.snowflakeid.spring.internal;

import io.snowflakeid.internal.keys.SnowflakeSettings;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether {@code snowflake.worker-id} is unset (absent, or empty as a profile unsets it): the coordination stores
 * (ZooKeeper, Redis) are made only then. Beside a worker id their assignment is refused at start naming the worker
 * id, and a store made first would fail the start about itself (no server configured, unreachable, unsafe) and only
 * lead to that refusal once fixed.
 */
public final class OnWorkerIdUnsetCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		String workerId = Binder.get(context.getEnvironment())
			.bind(SnowflakeSettings.WORKER_ID, String.class)
			.orElse("");
		return workerId.isBlank() ? ConditionOutcome.match(SnowflakeSettings.WORKER_ID + " is not set")
				: ConditionOutcome.noMatch(SnowflakeSettings.WORKER_ID + " is set (refused beside this assignment)");
	}
}
