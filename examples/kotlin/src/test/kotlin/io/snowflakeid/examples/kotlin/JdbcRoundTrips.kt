package io.snowflakeid.examples.kotlin

import java.io.Closeable
import java.lang.reflect.InvocationHandler
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Proxy
import java.sql.Connection
import java.sql.PreparedStatement
import java.sql.Statement
import java.util.concurrent.atomic.AtomicLong
import javax.sql.DataSource
import org.springframework.beans.factory.config.BeanPostProcessor

/**
 * Wraps the application's DataSource to count what reaches the database: `executeBatch()` calls (one round trip
 * per batch) and single `executeUpdate()`/`execute()` calls. (As the integration tests' JdbcRoundTrips.)
 */
class JdbcRoundTrips : BeanPostProcessor {

    private val batches = AtomicLong()

    private val singleUpdates = AtomicLong()

    fun batches(): Long = batches.get()

    fun singleUpdates(): Long = singleUpdates.get()

    fun reset() {
        batches.set(0)
        singleUpdates.set(0)
    }

    override fun postProcessAfterInitialization(bean: Any, beanName: String): Any =
        if (bean is DataSource) proxy(DataSource::class.java, bean) else bean

    private fun <T : Any> proxy(type: Class<T>, target: T): T {
        val handler = InvocationHandler { _, method, args ->
            val name = method.name
            if (target is Statement) {
                if (name == "executeBatch" || name == "executeLargeBatch") {
                    batches.incrementAndGet()
                } else if (name in setOf("executeUpdate", "executeLargeUpdate", "execute") && args.isNullOrEmpty()) {
                    singleUpdates.incrementAndGet()
                }
            }
            val result = try {
                method.invoke(target, *(args ?: emptyArray()))
            } catch (ex: InvocationTargetException) {
                throw ex.cause ?: ex
            }
            when {
                result is PreparedStatement && name.startsWith("prepare") -> proxy(PreparedStatement::class.java, result)
                result is Connection && name == "getConnection" -> proxy(Connection::class.java, result)
                else -> result
            }
        }
        // Closeable too when the pool is, so that the context still closes it.
        val interfaces = if (target is Closeable) arrayOf(type, Closeable::class.java) else arrayOf(type)
        return type.cast(Proxy.newProxyInstance(JdbcRoundTrips::class.java.classLoader, interfaces, handler))
    }
}
